import { useEffect, type ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppTree } from '../auth/queries';
import { modeSwitchPending } from '../menu/farmMode';
import { useSession } from '../auth/sessionContext';
import { NoPermissionPage } from '../shell/DeadEndPages';
import { useAppStore } from '../stores/appStore';
import { PageSpin } from '../../ui/PageSpin';
import { isConsolePage, judgeForeignPath, otherFarmMode } from './foreignPathVerdict';
import { ROUTE_REGISTRY } from './registry';

/**
 * What a path outside the current farm mode's routes shows (a deep link, a bookmark). A page the
 * account holds in the other farm mode switches the mode: the session gate then rebuilds menu and
 * routes for it (the other mode's tree is already loaded here) and the same URL shows the page.
 * A page of the console the account does not hold says so; anything else is a 404.
 */
export function ForeignPath(): ReactElement {
  const { farmMode } = useSession();
  const { pathname } = useLocation();
  const setWholeFarmType = useAppStore((s) => s.setWholeFarmType);
  const other = otherFarmMode(farmMode.wholeFarmType);
  const page = isConsolePage(pathname, ROUTE_REGISTRY);
  const tree = useAppTree(other, page && farmMode.switchable);
  const verdict = judgeForeignPath(pathname, ROUTE_REGISTRY, farmMode.switchable && tree.data ? { mode: other, tree: tree.data } : null);

  useEffect(() => {
    // The user's own switch (top bar) is reloading the console: the old mode's page it leaves
    // is no deep link to follow back into the old mode.
    if (verdict === 'switch' && !modeSwitchPending()) setWholeFarmType(other);
  }, [verdict, other, setWholeFarmType]);

  if (verdict === 'notFound') return <Navigate to="/404" replace />;
  if (verdict === 'switch' || (farmMode.switchable && tree.isPending)) return <PageSpin />;
  return <NoPermissionPage />;
}
