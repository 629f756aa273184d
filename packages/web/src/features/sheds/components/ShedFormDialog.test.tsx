import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { ShedFormDialog } from './ShedFormDialog';
import { signedInEach } from '../../../test/session';
import { shedRow } from '../../../test/fixtures';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`sheds.${key}`, vars);
const field = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
const itemOf = (key: string): string => field(key).closest('.ant-form-item')!.textContent ?? '';
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
const POULTRY = { id: 2, type: 2, farmName: 'Demo Poultry Farm' };

signedInEach();

describe('shed form', { timeout: 40_000 }, () => {
  it('requires name and type, offers the types of the farm kind and previews the SPEC label', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/shed/add': { data: { id: 30 } } });
    const onClose = vi.fn();
    renderWithApp(<ShedFormDialog farm={POULTRY} shed={null} onClose={onClose} />);
    await screen.findByText(t('form.addTitle', { farm: 'Demo Poultry Farm' }), {}, SLOW);
    expect(screen.getByTestId('shed-preview').textContent).toBe(tk('enums.shedDisplay.emptyShed'));
    save();
    await waitFor(() => expect(itemOf('shedName')).toContain(tk('validation.required')), SLOW);
    expect(itemOf('shedType')).toContain(tk('validation.required'));

    fireEvent.mouseDown(field('shedType'));
    const list = (await screen.findByRole('listbox', {}, SLOW)).parentElement!;
    expect(within(list).queryByText(tk('enums.pigShedType.2'))).toBeNull();
    fireEvent.click(within(list).getByText(tk('enums.poultryShedType.1002')));
    fireEvent.change(field('shedName'), { target: { value: 'Layer House 9' } });
    fireEvent.change(field('areaNum'), { target: { value: '2' } });
    fireEvent.change(field('shedNum'), { target: { value: '9' } });
    await waitFor(() => expect(screen.getByTestId('shed-preview').textContent).toBe(`2-0-9 (${tk('enums.poultryShedType.1002')})`), SLOW);
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      farmId: 2,
      shedName: 'Layer House 9',
      shedType: 1002,
      areaNum: 2,
      buildingNum: 0,
      shedNum: 9,
    });
  });

  it('shows a duplicate place and type (20026) on the numbers', async () => {
    mockApi({ 'PUT /breedpigbuilding/shed/update': { code: 20026 } });
    const shed = shedRow({ tid: 7 });
    renderWithApp(<ShedFormDialog farm={POULTRY} shed={shed} onClose={vi.fn()} />);
    await screen.findByText(t('form.editTitle', { name: 'Broiler House 1' }), {}, SLOW);
    save();
    await waitFor(() => expect(itemOf('shedNum')).toContain(errorMessage(20026)), SLOW);
  });
});
