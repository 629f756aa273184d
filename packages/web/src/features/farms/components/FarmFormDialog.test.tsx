import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREA_CODES } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { FarmFormDialog } from './FarmFormDialog';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`farms.${key}`, vars);
const field = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
/** The form item of a label (radio groups are not labellable controls). */
const itemOf = (key: string): string =>
  screen.getByText(t(`fields.${key}`), { selector: 'label' }).closest('.ant-form-item')!.textContent ?? '';
const type = (key: string, value: string): void => void fireEvent.change(field(key), { target: { value } });
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

async function pick(key: string, optionText: string): Promise<void> {
  fireEvent.mouseDown(field(key));
  const dropdown = await screen.findByRole('listbox', {}, SLOW);
  fireEvent.click(within(dropdown.parentElement!).getByText(optionText, { exact: false }));
}

signedInEach({ areaCodes: [...AREA_CODES], accounts: [{ label: 'Demo Admin', value: 11 }] });

describe('farm form', { timeout: 40_000 }, () => {
  it('requires name, type, person in charge, area code and phone; the zone and its name start filled', async () => {
    const calls = mockApi({});
    renderWithApp(<FarmFormDialog farm={null} onClose={vi.fn()} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    expect((field('timeZoneName') as HTMLInputElement).value).not.toBe('');
    save();
    await waitFor(() => expect(itemOf('farmName')).toContain(tk('validation.required')), SLOW);
    for (const key of ['type', 'personInCharge', 'areaCode', 'phone']) expect(itemOf(key)).toContain(tk('validation.required'));
    type('phone', 'call me');
    save();
    await waitFor(() => expect(itemOf('phone')).toContain(tk('validation.phone')), SLOW);
    expect(calls).toHaveLength(0);
  });

  it('fills the zone name from the picked zone and sends the farm; a taken name shows under the field', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/farmInfo/add': { code: 10010 } });
    const onClose = vi.fn();
    renderWithApp(<FarmFormDialog farm={null} onClose={onClose} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    type('farmName', ' Hill Farm ');
    fireEvent.click(screen.getByText(tk('enums.farmType.2')));
    type('personInCharge', 'Chen Hua');
    type('phone', '13800000020');
    await pick('areaCode', '+84');
    await pick('timeZone', 'Asia/Bangkok');
    await waitFor(() => expect((field('timeZoneName') as HTMLInputElement).value).toBe('Indochina Time'), SLOW);
    save();
    await waitFor(() => expect(itemOf('farmName')).toContain(errorMessage(10010)), SLOW);
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      farmName: 'Hill Farm',
      type: 2,
      personInCharge: 'Chen Hua',
      areaCode: '+84',
      phone: '13800000020',
      state: 1,
      timeZone: 'Asia/Bangkok',
      timeZoneName: 'Indochina Time',
    });
  });
});
