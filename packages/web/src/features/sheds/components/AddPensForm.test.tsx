import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { AddPensForm } from './AddPensForm';
import { signedInEach } from '../../../test/session';

const t = (key: string): string => tk(`sheds.pens.${key}`);
const input = (key: string): HTMLElement => screen.getByLabelText(t(key));
const itemOf = (key: string): string => input(key).closest('.ant-form-item')!.textContent ?? '';
const add = (): void => void fireEvent.click(screen.getByRole('button', { name: new RegExp(t('add')) }));
const set = (key: string, v: string): void => void fireEvent.change(input(key), { target: { value: v } });

signedInEach();

describe('add pens', { timeout: 40_000 }, () => {
  it('needs both ends and refuses a start above the end before sending', async () => {
    const calls = mockApi({});
    renderWithApp(<AddPensForm shedId={7} />);
    add();
    await waitFor(() => expect(itemOf('startColumn')).toContain(tk('validation.required')), SLOW);
    expect(itemOf('endColumn')).toContain(tk('validation.required'));
    set('startColumn', '5');
    set('endColumn', '3');
    add();
    await waitFor(() => expect(itemOf('endColumn')).toContain(tk('validation.endBeforeStart')), SLOW);
    expect(calls).toHaveLength(0);
  });

  it('keeps "lots" and "-5" on their fields with an error and sends nothing (no silent clamping)', async () => {
    const calls = mockApi({});
    renderWithApp(<AddPensForm shedId={7} />);
    set('startColumn', 'lots');
    set('endColumn', '-5');
    add();
    await waitFor(() => expect(itemOf('startColumn')).toContain(tk('validation.number')), SLOW);
    expect(itemOf('endColumn')).toContain(tk('validation.positiveInteger'));
    expect((input('startColumn') as HTMLInputElement).value).toBe('lots');
    expect((input('endColumn') as HTMLInputElement).value).toBe('-5');
    expect(calls).toHaveLength(0);
  });

  it('sends the range in its row, and shows a taken number (20040) on the range', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/shed/addFields': { code: 20040 } });
    renderWithApp(<AddPensForm shedId={7} />);
    set('startColumn', '1');
    set('endColumn', '3');
    add();
    await waitFor(() => expect(itemOf('startColumn')).toContain(errorMessage(20040)), SLOW);
    expect(calls.find((c) => c.path === '/breedpigbuilding/shed/addFields')!.body).toEqual({
      shedId: 7,
      startColumn: 1,
      endColumn: 3,
      row: 1,
    });
  });
});
