import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RoleRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { RoleFormDialog } from './RoleFormDialog';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`roles.${key}`, vars);
const nameItem = (): string => screen.getByLabelText(t('fields.roleName')).closest('.ant-form-item')!.textContent ?? '';
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

signedInEach();

describe('role form', { timeout: 40_000 }, () => {
  it('requires a name, then adds a farm-level role by default', async () => {
    const calls = mockApi({ 'POST /accountauth/roleInfo': { data: { id: 3 } } });
    const onClose = vi.fn();
    renderWithApp(<RoleFormDialog role={null} onClose={onClose} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    fireEvent.change(screen.getByLabelText(t('fields.roleName')), { target: { value: '   ' } });
    save();
    await waitFor(() => expect(nameItem()).toContain(tk('validation.required')), SLOW);
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(t('fields.roleName')), { target: { value: ' Env viewer ' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ roleName: 'Env viewer', type: 'farm' });
  });

  it('shows a duplicate name (10008) under the name field', async () => {
    mockApi({ 'PUT /accountauth/roleInfo': { code: 10008 } });
    const onClose = vi.fn();
    const role: RoleRow = {
      id: 4,
      roleName: 'Pig staff',
      type: 'farm',
      accountCount: 2,
      applicationCount: 9,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    renderWithApp(<RoleFormDialog role={role} onClose={onClose} />);
    await screen.findByText(t('form.editTitle', { name: 'Pig staff' }), {}, SLOW);
    fireEvent.change(screen.getByLabelText(t('fields.roleName')), { target: { value: 'Poultry staff' } });
    fireEvent.click(screen.getByText(t('type.group')));
    save();
    await waitFor(() => expect(nameItem()).toContain(errorMessage(10008)), SLOW);
    expect(onClose).not.toHaveBeenCalled();
  });
});
