import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TenantRow } from '@farmsense/shared';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { TenantsPage } from './TenantsPage';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`tenants.${key}`, vars);

const auth = (over: Partial<TenantRow['systemAuth']> = {}): TenantRow['systemAuth'] => ({
  accountValidYears: null,
  accountValidStartDateTime: null,
  accountValidEndDateTime: null,
  userNum: null,
  farmNum: null,
  deviceNum: null,
  isOpenAPI: false,
  permanent: true,
  valid: true,
  ...over,
});

const ROWS: TenantRow[] = [
  {
    id: 1,
    name: 'Demo Agri Group',
    contact: 'Li Wei',
    phone: '13800000001',
    address: 'Demo Road 1',
    modules: ['pig', 'chicken', 'group'],
    status: 1,
    adminAccountId: 11,
    adminAccountCode: 'demo',
    adminAccountName: 'Demo Admin',
    userCount: 4,
    farmCount: 2,
    deviceCount: 6,
    systemAuth: auth(),
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    name: 'Old Hill Farms',
    contact: null,
    phone: null,
    address: null,
    modules: ['chicken'],
    status: 0,
    adminAccountId: 21,
    adminAccountCode: 'oldhill',
    adminAccountName: 'Zhao Min',
    userCount: 2,
    farmCount: 1,
    deviceCount: 0,
    systemAuth: auth({
      permanent: false,
      valid: false,
      userNum: 2,
      farmNum: 5,
      accountValidStartDateTime: '2024-01-01T00:00:00.000Z',
      accountValidEndDateTime: '2025-06-30T15:59:59.000Z',
    }),
    createdAt: '2024-01-01T00:00:00.000Z',
  },
  {
    id: 3,
    name: 'Sunrise Poultry',
    contact: 'Tran',
    phone: '+84 90 000',
    address: null,
    modules: ['chicken'],
    status: 1,
    adminAccountId: 31,
    adminAccountCode: 'sunrise',
    adminAccountName: 'Tran Anh',
    userCount: 1,
    farmCount: 0,
    deviceCount: 0,
    systemAuth: auth({ permanent: false, accountValidYears: 50, accountValidStartDateTime: '2025-01-01T00:00:00.000Z' }),
    createdAt: '2025-01-01T00:00:00.000Z',
  },
];

/** Buttons by their text (role queries are slow over antd tables, and icons add to the name). */
function button(text: string, scope: HTMLElement = document.body): HTMLElement {
  return within(scope).getByText(text, { selector: 'button span' }).closest('button')!;
}

function row(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

signedInEach();

describe('tenants page', { timeout: 40_000 }, () => {
  it('renders the tenants of the answer: modules, administrator, usage against caps, validity and status', async () => {
    const calls = mockApi({ 'GET /platform/tenant/page': { data: { list: ROWS, total: 3, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<TenantsPage />);
    await screen.findByText('Demo Agri Group', {}, SLOW);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/platform/tenant/page', query: { pageNo: '1', pageSize: '20' } });

    const demo = row('Demo Agri Group');
    for (const m of ['pig', 'ci18', 'group']) expect(within(demo).getByText(menuLabel(m))).toBeTruthy();
    expect(within(demo).getByText('Demo Admin')).toBeTruthy();
    expect(within(demo).getByText('demo')).toBeTruthy();
    expect(within(demo).getByTestId('tenant-users').textContent).toBe('4 / ∞');
    expect(within(demo).getByTestId('tenant-devices').textContent).toBe('6 / ∞');
    expect(within(demo).getByText(t('validity.permanent'))).toBeTruthy();
    expect(within(demo).getByTestId('tenant-status').textContent).toBe(t('status.enabled'));

    const old = row('Old Hill Farms');
    const users = within(old).getByTestId('tenant-users');
    expect(users.textContent).toBe('2 / 2');
    expect(users.querySelector('.fs-usage-cell--full')).toBeTruthy();
    expect(within(old).getByTestId('tenant-farms').textContent).toBe('1 / 5');
    // The end is shown as a day in the browser's zone; 15:59:59Z is 30 June from UTC-15 to UTC+8.
    const expired = within(old).getByText(t('validity.expired', { date: '2025-06-30' }));
    expect(expired.closest('.ant-typography-danger')).toBeTruthy();
    expect(within(old).getByTestId('tenant-status').textContent).toBe(t('status.disabled'));

    // Years count from the start: 50 years from 2025.
    expect(within(row('Sunrise Poultry')).getByText(t('validity.until', { date: '2075-01-01' }), { exact: false })).toBeTruthy();
    expect(screen.getByText(tk('common.total', { count: 3 }))).toBeTruthy();
  });

  it('searches by keyword and status from page 1', async () => {
    const calls = mockApi({ 'GET /platform/tenant/page': { data: { list: ROWS.slice(1, 2), total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<TenantsPage />);
    await screen.findByText('Old Hill Farms', {}, SLOW);
    fireEvent.change(screen.getByLabelText(t('filters.keyword')), { target: { value: '  hill ' } });
    fireEvent.mouseDown(screen.getByLabelText(t('filters.status')));
    fireEvent.click(await screen.findByTitle(t('status.disabled'), {}, SLOW));
    fireEvent.click(button(tk('common.search')));
    await waitFor(() => expect(calls.at(-1)!.query).toEqual({ pageNo: '1', pageSize: '20', keyword: 'hill', status: '0' }), SLOW);
  });

  it('disables the selected tenants in one batch after confirmation', async () => {
    const calls = mockApi({
      'GET /platform/tenant/page': { data: { list: ROWS, total: 3, pageNo: 1, pageSize: 20 } },
      'POST /platform/tenant/status': { data: { updated: 2 } },
    });
    renderWithApp(<TenantsPage />);
    await screen.findByText('Demo Agri Group', {}, SLOW);
    for (const name of ['Demo Agri Group', 'Old Hill Farms', 'Sunrise Poultry']) fireEvent.click(within(row(name)).getByRole('checkbox'));
    const bar = screen.getByLabelText(t('batch.label'));
    expect(within(bar).getByText(t('batch.selected', { count: 3 }))).toBeTruthy();
    fireEvent.click(button(t('batch.disable'), bar));
    // Old Hill Farms is already disabled: two tenants are asked about.
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getAllByText(t('status.disableMany', { count: 2 })).length).toBeGreaterThan(0);
    fireEvent.click(button(tk('common.disable'), dialog));
    await waitFor(() => expect(calls.some((c) => c.path === '/platform/tenant/status')).toBe(true), SLOW);
    expect(calls.find((c) => c.path === '/platform/tenant/status')!.body).toEqual({ ids: [1, 3], status: 0 });
  });

  it('says so inside the table when the list cannot be loaded', async () => {
    mockApi({ 'GET /platform/tenant/page': { code: 10003 } });
    renderWithApp(<TenantsPage />);
    expect(await screen.findByText(tk('shell.states.errorHint'), {}, SLOW)).toBeTruthy();
    expect(button(tk('shell.actions.retry'))).toBeTruthy();
  });
});
