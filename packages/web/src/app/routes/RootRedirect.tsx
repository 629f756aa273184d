import { type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { AccountType } from '@farmsense/shared';
import { sessionApi } from '../api/sessionApi';
import { QK } from '../auth/queries';
import { useSession } from '../auth/sessionContext';
import type { RouteDef } from '../menu/menuModel';
import { NoFunctions } from '../shell/NoFunctions';
import { PageSpin } from '../../ui/PageSpin';

export const DATA_SCREEN_PATH = '/pig/databoard/farm';

/**
 * Where "/" lands (SPEC §2): the page a re-login resumes, the pig data screen for account type
 * 100, the account's default module, else the first page of the menu. All candidates must be
 * routes this account and build have; otherwise the next rule applies.
 */
export function pickLandingPath(input: {
  routes: RouteDef[];
  firstPath: string | null;
  accountType: number;
  resume?: string | null;
  defaultPath?: string | null;
}): string | null {
  const known = (p: string | null | undefined): p is string => !!p && input.routes.some((r) => r.path === p.split('?')[0]);
  if (known(input.resume)) return input.resume;
  if (input.accountType === AccountType.PIG_DATA_SCREEN && known(DATA_SCREEN_PATH)) return DATA_SCREEN_PATH;
  if (known(input.defaultPath)) return input.defaultPath;
  return input.firstPath;
}

export function RootRedirect(): ReactElement {
  const { userInfo, model } = useSession();
  const location = useLocation();
  const resume = (location.state as { resume?: string } | null)?.resume ?? null;
  const defaults = useQuery({
    queryKey: QK.defaultModule(userInfo.accountCode),
    queryFn: () => sessionApi.getUserDefaultModule(userInfo.accountCode),
    enabled: model.routes.length > 0,
    staleTime: 0,
  });
  if (model.routes.length === 0) return <NoFunctions />;
  if (defaults.isPending) return <PageSpin />;
  const target = pickLandingPath({
    routes: model.routes,
    firstPath: model.firstPath,
    accountType: userInfo.accountType,
    resume,
    defaultPath: defaults.data?.path ?? null,
  });
  return target ? <Navigate to={target} replace /> : <NoFunctions />;
}
