import { useMemo, type ReactElement } from 'react';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useAppTree, useSessionLists, useUserInfo } from '../auth/queries';
import { logout } from '../auth/logout';
import { SessionContext, type SessionValue } from '../auth/sessionContext';
import { resolveFarmMode } from '../menu/farmMode';
import { buildMenuModel } from '../menu/menuModel';
import { AppShell } from '../shell/AppShell';
import { useAppStore } from '../stores/appStore';
import { ForeignPath } from './ForeignPath';
import { PageHost } from './PageHost';
import { ReloadPage } from './ReloadPage';
import { RootRedirect } from './RootRedirect';
import { ROUTE_REGISTRY } from './registry';
import { PageSpin } from '../../ui/PageSpin';

/** Shown when the account or its permission tree cannot be loaded: retry or start over. */
function SessionLoadError({ onRetry }: { onRetry: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="warning"
      title={t('loadError.title')}
      subTitle={t('loadError.text')}
      extra={
        <Space>
          <Button type="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
          <Button onClick={() => void logout()}>{t('actions.logout')}</Button>
        </Space>
      }
    />
  );
}

/**
 * The authorized area. SPEC §4: the first navigation builds the routes from the permission tree
 * of the farm mode; a pending forced password change comes before anything else.
 */
export function SessionGate(): ReactElement {
  const storedMode = useAppStore((s) => s.wholeFarmType);
  const info = useUserInfo(true);
  const userInfo = info.data;
  const farmMode = resolveFarmMode(userInfo?.loginFarmType, storedMode);
  const ready = !!userInfo && !userInfo.mustChangePassword;
  const tree = useAppTree(farmMode.wholeFarmType, ready);
  // The account's farms: farm pages wait for them rather than saying "no farm" for a moment.
  const farms = useSessionLists();

  const value = useMemo<SessionValue | null>(() => {
    if (!userInfo || !tree.data) return null;
    return { userInfo, farmMode, model: buildMenuModel(tree.data, ROUTE_REGISTRY, farmMode.wholeFarmType) };
    // farmMode is derived from the two values below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userInfo, tree.data, farmMode.wholeFarmType, farmMode.switchable]);

  if (!userInfo) {
    return info.isError ? <SessionLoadError onRetry={() => void info.refetch()} /> : <PageSpin full />;
  }
  if (userInfo.mustChangePassword) return <Navigate to="/login/change-password" replace />;
  if (!value) {
    return tree.isError ? <SessionLoadError onRetry={() => void tree.refetch()} /> : <PageSpin full />;
  }

  if (farms.isPending && farms.fetchStatus !== 'idle') return <PageSpin full />;

  const strip = (p: string): string => p.replace(/^\//, '');
  const { routes } = value.model;
  return (
    <SessionContext.Provider value={value}>
      <Routes>
        {routes
          .filter((r) => r.fullscreen)
          .map((r) => (
            <Route key={r.path} path={strip(r.path)} element={<PageHost code={r.code} isolated />} />
          ))}
        <Route element={<AppShell />}>
          <Route index element={<RootRedirect />} />
          <Route path="layout/reload" element={<ReloadPage />} />
          {routes
            .filter((r) => !r.fullscreen)
            .map((r) => (
              <Route key={r.path} path={strip(r.path)} element={<PageHost code={r.code} />} />
            ))}
          <Route path="*" element={<ForeignPath />} />
        </Route>
      </Routes>
    </SessionContext.Provider>
  );
}
