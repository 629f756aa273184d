import { lazy, Suspense, type ReactElement } from 'react';
import { AntdProviders } from '../providers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { PageSpin } from '../../ui/PageSpin';
import { SessionGate } from './SessionGate';

// A route of its own (the forced password change): the console's pages do not carry its form.
const ChangePasswordPage = lazy(() => import('../auth/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));

/**
 * The screens built with antd, each inside antd's providers. AppRoutes loads this module lazily:
 * the sign-in page, the first screen of most visits, does without antd.
 */
export function ConsoleArea(): ReactElement {
  return (
    <AntdProviders>
      <SessionGate />
    </AntdProviders>
  );
}

export function ChangePasswordArea(): ReactElement {
  return (
    <AntdProviders>
      <Suspense fallback={<PageSpin />}>
        <ChangePasswordPage />
      </Suspense>
    </AntdProviders>
  );
}

export function NotFoundArea(): ReactElement {
  return (
    <AntdProviders>
      <NotFoundPage />
    </AntdProviders>
  );
}
