import type { ReactElement } from 'react';
import { AntdProviders } from '../providers';
import { NotFoundPage } from '../shell/DeadEndPages';
import { lazyPart } from '../../ui/lazyPart';
import { PageSpin } from '../../ui/PageSpin';
import { SessionGate } from './SessionGate';

// A route of its own (the forced password change): the console's pages do not carry its form.
const ChangePasswordPage = lazyPart(() => import('../auth/ChangePasswordPage').then((m) => m.ChangePasswordPage), undefined, <PageSpin />);

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
