import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AREA_CODES, type AccountRowWithScope, type RoleRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { AccountFormDialog } from './AccountFormDialog';
import { POULTRY_FARM, signedInEach } from '../../../test/session';
import { configRoute, rsaKeysBeforeAll } from '../../../test/rsaKeys';

/** A real key pair, so the test can check what the dialog encrypted. */
const keys = rsaKeysBeforeAll();

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`accounts.${key}`, vars);
const field = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
const itemOf = (key: string): string => field(key).closest('.ant-form-item')!.textContent ?? '';
const type = (key: string, value: string): void => void fireEvent.change(field(key), { target: { value } });
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

const ROLES: RoleRow[] = [
  { id: 5, roleName: 'Env viewer', type: 'farm', accountCount: 0, applicationCount: 1, createdAt: '2026-01-01T00:00:00.000Z' },
];

function serve(routes: Record<string, { status?: number; code?: number; data?: unknown }> = {}): RecordedCall[] {
  return mockApi({
    ...configRoute(keys),
    'POST /breedpigaccount/account/add': { data: { id: 9 } },
    'PUT /accountauth/account/update': { data: null },
    ...routes,
  });
}

signedInEach({ areaCodes: [...AREA_CODES], farms: [POULTRY_FARM] });

function fillValid(): void {
  type('accountCode', ' EnvUser ');
  type('accountName', 'Env User');
  type('password', 'Start2026x');
  type('confirmPassword', 'Start2026x');
  type('phoneNo', '139 0000 0001');
}

describe('account add and edit form', { timeout: 40_000 }, () => {
  it('requires account, name, password and phone, checks the e-mail and the password rule, and sends nothing', async () => {
    const calls = serve();
    renderWithApp(<AccountFormDialog account={null} roles={ROLES} onClose={vi.fn()} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    save();
    await waitFor(() => expect(itemOf('accountCode')).toContain(tk('validation.required')), SLOW);
    for (const key of ['accountName', 'password', 'confirmPassword', 'phoneNo']) expect(itemOf(key)).toContain(tk('validation.required'));

    type('email', 'not-an-address');
    type('password', 'onlyletters');
    type('confirmPassword', 'onlyletterz');
    type('phoneNo', 'abc');
    save();
    // antd settles each field's rule on its own: wait until every message is shown.
    await waitFor(() => {
      expect(itemOf('email')).toContain(tk('validation.email'));
      expect(itemOf('password')).toContain(tk('validation.passwordRule'));
      expect(itemOf('confirmPassword')).toContain(tk('validation.passwordsDiffer'));
      expect(itemOf('phoneNo')).toContain(tk('validation.phone'));
    }, SLOW);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('encrypts the initial password and sends the account with its type, roles and farms', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderWithApp(<AccountFormDialog account={null} roles={ROLES} onClose={onClose} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    fillValid();
    type('email', 'env@example.com');
    fireEvent.click(screen.getByText(tk('enums.accountType.3')));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const body = calls.find((c) => c.path === '/breedpigaccount/account/add')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      accountCode: 'EnvUser',
      accountName: 'Env User',
      phoneNo: '139 0000 0001',
      email: 'env@example.com',
      accountType: 3,
      roleIds: [],
      farmIds: [],
    });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(await keys.decrypt(body.password as string)).toBe('Start2026x');
  });

  it('shows a taken account code under the field and keeps the user-limit message in the dialog', async () => {
    serve({ 'POST /breedpigaccount/account/add': { code: 20000 } });
    const onClose = vi.fn();
    const view = renderWithApp(<AccountFormDialog account={null} roles={ROLES} onClose={onClose} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    fillValid();
    save();
    await waitFor(() => expect(itemOf('accountCode')).toContain(errorMessage(20000)), SLOW);
    expect(onClose).not.toHaveBeenCalled();

    view.unmount();
    serve({ 'POST /breedpigaccount/account/add': { code: 20101 } });
    renderWithApp(<AccountFormDialog account={null} roles={ROLES} onClose={onClose} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    fillValid();
    save();
    const banner = await screen.findByTestId('user-limit', {}, SLOW);
    expect(banner.textContent).toContain(errorMessage(20101));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits with the account code fixed and no password unless it is reset', async () => {
    const calls = serve();
    const onClose = vi.fn();
    const row: AccountRowWithScope = {
      id: 31,
      accountCode: 'pig',
      accountName: 'Pig Keeper',
      name: null,
      phoneNo: '13800000003',
      email: null,
      gender: null,
      jobNo: null,
      areaCode: '+86',
      accountType: 2,
      status: 1,
      mustChangePassword: false,
      lastLoginAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      roles: [{ id: 5, roleName: 'Env viewer', type: 'farm' }],
      farms: [{ id: 2, farmName: 'Demo Poultry Farm', type: 2 }],
      authorization: [],
    };
    renderWithApp(<AccountFormDialog account={row} roles={ROLES} onClose={onClose} />);
    await screen.findByText(t('form.editTitle', { name: 'Pig Keeper' }), {}, SLOW);
    expect((field('accountCode') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText(t('fields.password'))).toBeNull();
    type('accountName', 'Pig Keeper 2');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const body = calls.find((c) => c.path === '/accountauth/account/update')!.body as Record<string, unknown>;
    expect(body).toEqual({
      id: 31,
      accountName: 'Pig Keeper 2',
      phoneNo: '13800000003',
      areaCode: '+86',
      roleIds: [5],
      accountType: 2,
      farmIds: [2],
    });
  });
});
