import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BindableApp, RoleRow } from '@farmsense/shared';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { PermissionDrawer } from './PermissionDrawer';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`roles.${key}`, vars);
const app = (id: number, code: string, funType: BindableApp['funType'], children: BindableApp[] = []): BindableApp => ({
  applicationInfoId: id,
  code,
  funType,
  scope: 'farm',
  seqNo: id,
  children,
});
const APPS = [
  app(1, 'ci18', 'chicken', [app(2, 'ci18.overview', 'chicken', [app(3, 'ci18.overview.shed', 'chicken')])]),
  app(8, 'usermanagement', 'common', [app(9, 'usermanagement.role', 'common')]),
];
const ROLE: RoleRow = {
  id: 4,
  roleName: 'Env viewer',
  type: 'farm',
  accountCount: 0,
  applicationCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

signedInEach();

describe('role permissions drawer', { timeout: 40_000 }, () => {
  it('loads the level’s functions with their kind, binds one entry with view and saves only that', async () => {
    const calls = mockApi({
      'GET /accountauth/applicationInfo/list': { data: APPS },
      'POST /accountauth/operateAuth/getOperateAuthByApplicationIds': { data: [] },
      'POST /accountauth/operateAuth/bind': { data: null },
    });
    const onClose = vi.fn();
    renderWithApp(<PermissionDrawer role={ROLE} onClose={onClose} />);
    await screen.findByText(menuLabel('usermanagement'), {}, SLOW);
    expect(calls.find((c) => c.path === '/accountauth/applicationInfo/list')!.query).toEqual({ type: 'farm' });
    expect(screen.getAllByText(t('funType.chicken')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(t('funType.common')).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByText(t('perm.expandAll')));
    const grant = await screen.findByLabelText(t('perm.bindOf', { name: menuLabel('ci18.overview.shed') }), {}, SLOW);
    fireEvent.click(grant);
    await waitFor(() => expect(screen.getByTestId('perm-count').textContent).toBe(t('perm.count', { count: 1 })), SLOW);
    fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.path === '/accountauth/operateAuth/bind')!.body).toEqual({
      roleId: 4,
      applications: [{ applicationInfoId: 3, ops: ['view'] }],
    });
  });
});
