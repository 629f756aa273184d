import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountRowWithScope } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { AccountsPage } from './AccountsPage';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`accounts.${key}`, vars);

const base: Omit<AccountRowWithScope, 'id' | 'accountCode' | 'accountName' | 'phoneNo' | 'accountType' | 'status'> = {
  name: null,
  email: null,
  gender: null,
  jobNo: null,
  areaCode: '+86',
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  roles: [],
  farms: [],
  authorization: [],
};
const ROWS: AccountRowWithScope[] = [
  {
    ...base,
    id: 11,
    accountCode: 'demo',
    accountName: 'Demo Admin',
    phoneNo: '13800000002',
    email: 'demo@example.com',
    accountType: 1,
    status: 1,
    lastLoginAt: '2026-03-02T08:30:00.000Z',
  },
  {
    ...base,
    id: 12,
    accountCode: 'pig',
    accountName: 'Pig Keeper',
    phoneNo: '13800000003',
    accountType: 2,
    status: 1,
    roles: [{ id: 5, roleName: 'Pig staff', type: 'farm' }],
    farms: [{ id: 1, farmName: 'Demo Pig Farm', type: 1 }],
    authorization: [{ farmId: 1, farmName: 'Demo Pig Farm', shedIds: [], penIds: [] }],
  },
  {
    ...base,
    id: 13,
    accountCode: 'envuser',
    accountName: 'Env User',
    phoneNo: '13900000001',
    accountType: 3,
    status: 0,
    mustChangePassword: true,
    roles: [{ id: 6, roleName: 'Env viewer', type: 'farm' }],
    farms: [{ id: 2, farmName: 'Demo Poultry Farm', type: 2 }],
    authorization: [{ farmId: 2, farmName: 'Demo Poultry Farm', shedIds: [21], penIds: [] }],
  },
];

function row(code: string): HTMLElement {
  return screen.getByText(code).closest('tr')!;
}

signedInEach({
  userInfo: {
    id: 11,
    accountName: 'Demo Admin',
    accountCode: 'demo',
    phoneNo: null,
    email: null,
    accountType: 1,
    tenantId: 1,
    tenantName: 'Demo',
    mustChangePassword: false,
    hasSecurePassword: true,
    farms: [],
    loginFarmType: 'all',
  },
});

describe('accounts page', { timeout: 40_000 }, () => {
  it('renders the accounts of the answer with roles, farms, status and last sign-in', async () => {
    const calls = mockApi({
      'GET /breedpigaccount/account/list2': { data: { list: ROWS, total: 3, pageNo: 1, pageSize: 20 } },
      'GET /accountauth/roleInfo/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } },
    });
    renderWithApp(<AccountsPage />);
    await screen.findByText('envuser', {}, SLOW);
    expect(calls.find((c) => c.path === '/breedpigaccount/account/list2')!.query).toEqual({ pageNo: '1', pageSize: '20' });

    const admin = row('demo');
    expect(within(admin).getByText(tk('enums.accountType.1'))).toBeTruthy();
    expect(within(admin).getByText(t('table.allFarms'))).toBeTruthy();
    expect(within(admin).getByText('demo@example.com')).toBeTruthy();
    expect(within(admin).getByText(/^2026-03-02 \d\d:30$/)).toBeTruthy();
    expect(
      (within(admin).getByRole('button', { name: t('actions.authorizeOf', { name: 'Demo Admin' }) }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const pig = row('pig');
    expect(within(pig).getByText('Pig staff')).toBeTruthy();
    expect(within(pig).getByText('Demo Pig Farm')).toBeTruthy();
    expect(within(pig).getByText('+86 13800000003')).toBeTruthy();
    expect(within(pig).getByTestId('account-status').textContent).toBe(t('status.enabled'));
    expect(within(pig).getByText(t('table.never'))).toBeTruthy();

    const env = row('envuser');
    expect(within(env).getByText(`Demo Poultry Farm · ${t('table.partial')}`)).toBeTruthy();
    expect(within(env).getByTestId('account-status').textContent).toBe(t('status.disabled'));
    expect(within(env).getByText(t('table.mustChange'))).toBeTruthy();
    expect(screen.getByText(tk('common.total', { count: 3 }))).toBeTruthy();
  });

  it('bans the selected accounts in one batch after confirmation, never the signed-in one', async () => {
    const calls = mockApi({
      'GET /breedpigaccount/account/list2': { data: { list: ROWS, total: 3, pageNo: 1, pageSize: 20 } },
      'GET /accountauth/roleInfo/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } },
      'POST /accountauth/account/ban': { data: null },
    });
    renderWithApp(<AccountsPage />);
    await screen.findByText('envuser', {}, SLOW);
    expect((within(row('demo')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    for (const code of ['pig', 'envuser']) fireEvent.click(within(row(code)).getByRole('checkbox'));
    const bar = screen.getByLabelText(t('batch.label'));
    fireEvent.click(within(bar).getByRole('button', { name: new RegExp(t('batch.ban')) }));
    // envuser is banned already: one account is asked about.
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getAllByText(t('status.banOne', { name: 'Pig Keeper' })).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t('actions.ban') }));
    await waitFor(() => expect(calls.some((c) => c.path === '/accountauth/account/ban')).toBe(true), SLOW);
    expect(calls.find((c) => c.path === '/accountauth/account/ban')!.body).toEqual({ ids: [12], status: 0 });
  });

  it('says so inside the table when the list cannot be loaded', async () => {
    mockApi({
      'GET /breedpigaccount/account/list2': { code: 10003 },
      'GET /accountauth/roleInfo/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } },
    });
    renderWithApp(<AccountsPage />);
    expect(await screen.findByText(tk('shell.states.errorHint'), {}, SLOW)).toBeTruthy();
  });
});
