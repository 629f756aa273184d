import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TenantRow } from '@farmsense/shared';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { TenantFormDialog } from './TenantFormDialog';
import { signedInEach } from '../../../test/session';
import { configRoute, rsaKeysBeforeAll } from '../../../test/rsaKeys';

/** A real key pair, so the test can check what the dialog encrypted. */
const keys = rsaKeysBeforeAll();

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`tenants.${key}`, vars);
const label = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
const type = (key: string, value: string): void => void fireEvent.change(label(key), { target: { value } });
const fill = (values: Record<string, string>): void => Object.entries(values).forEach(([key, value]) => type(key, value));
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

function serve(addAnswer: { status?: number; code?: number; data?: unknown } = { data: { id: 7, adminAccountId: 70 } }): RecordedCall[] {
  return mockApi({
    ...configRoute(keys),
    'POST /platform/tenant': addAnswer,
    'PUT /platform/tenant': { data: null },
  });
}

/** Opens the add dialog. */
async function openAdd(onClose: () => void): Promise<void> {
  renderWithApp(<TenantFormDialog open tenant={null} onClose={onClose} />);
  await screen.findByText(t('form.addTitle'), {}, SLOW);
}

/** Types the administrator of a new tenant: code, name, password and its confirmation. */
function typeAdmin(code: string, name: string, password: string, confirm: string): void {
  type('adminAccountCode', code);
  type('adminAccountName', name);
  type('adminPassword', password);
  type('confirmPassword', confirm);
}

signedInEach();

describe('tenant add and edit form', { timeout: 40_000 }, () => {
  it('requires the name, at least one module and the administrator fields on add, and sends nothing', async () => {
    const calls = serve();
    await openAdd(vi.fn());
    save();
    await waitFor(() => expect(screen.getAllByText(tk('validation.required')).length).toBe(5), SLOW);
    expect(screen.getByText(tk('validation.selectAtLeastOne'))).toBeTruthy();
    for (const key of ['name', 'adminAccountCode', 'adminAccountName', 'adminPassword', 'confirmPassword']) {
      expect(label(key).closest('.ant-form-item')!.textContent).toContain(tk('validation.required'));
    }
    expect(screen.getByText(t('form.adminNote'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('applies the password rule and the confirmation before encrypting and sending the tenant', async () => {
    const calls = serve();
    const onClose = vi.fn();
    await openAdd(onClose);
    fill({ name: '  Green Valley  ', phone: '+86 139 0000 0000' });
    typeAdmin('gvadmin', 'Wang Fang', 'onlyletters', 'onlyletterz');
    fireEvent.click(screen.getByLabelText(menuLabel('pig')));
    fireEvent.click(screen.getByLabelText(menuLabel('group')));
    save();
    expect(await screen.findByText(tk('validation.passwordRule'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(tk('validation.passwordsDiffer'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill({ adminPassword: 'Start2026x', confirmPassword: 'Start2026x' });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/platform/tenant')!;
    const body = post.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Green Valley',
      phone: '+86 139 0000 0000',
      modules: ['pig', 'group'],
      adminAccountCode: 'gvadmin',
      adminAccountName: 'Wang Fang',
    });
    expect(body).not.toHaveProperty('contact');
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body.adminPassword).not.toBe('Start2026x');
    expect(await keys.decrypt(body.adminPassword as string)).toBe('Start2026x');
  });

  it('shows the field issues of a 99996 answer under their fields and stays open', async () => {
    serve({ status: 400, code: 99996, data: { issues: [{ field: 'phone', key: 'validation.phone' }] } });
    const onClose = vi.fn();
    await openAdd(onClose);
    fill({ name: 'Phone Co', phone: '+86 139 0000' });
    typeAdmin('phoneadm', 'Li', 'Start2026x', 'Start2026x');
    fireEvent.click(screen.getByLabelText(menuLabel('ci18')));
    save();
    await waitFor(() => expect(label('phone').closest('.ant-form-item')!.textContent).toContain(tk('validation.phone')), SLOW);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits without administrator fields and sends the id', async () => {
    const calls = serve();
    const onClose = vi.fn();
    const row = {
      id: 42,
      name: 'Hill Farms',
      contact: 'Zhao',
      phone: null,
      address: 'Hill Road 3',
      modules: ['chicken'],
      status: 1,
    } as unknown as TenantRow;
    renderWithApp(<TenantFormDialog open tenant={row} onClose={onClose} />);
    await screen.findByText(t('form.editTitle', { name: 'Hill Farms' }), {}, SLOW);
    expect(screen.queryByLabelText(t('fields.adminPassword'))).toBeNull();
    expect((label('name') as HTMLInputElement).value).toBe('Hill Farms');
    fireEvent.click(screen.getByLabelText(menuLabel('ci18')));
    save();
    expect(await screen.findByText(tk('validation.selectAtLeastOne'), {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(menuLabel('pig')));
    type('contact', '');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: 42, name: 'Hill Farms', address: 'Hill Road 3', modules: ['pig'] });
  });
});
