import type { ReactElement } from 'react';
import { ChangePasswordPage } from '../auth/ChangePasswordPage';
import { AntdProviders } from '../providers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { SessionGate } from './SessionGate';

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
      <ChangePasswordPage />
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
