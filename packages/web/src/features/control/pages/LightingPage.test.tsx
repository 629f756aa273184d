import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LightingPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, serveSettingGroup, syncedState } from '../../../test/settingGroup';
import { LightingPage } from './LightingPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const LIGHTING: LightingPayload = {
  points: [
    { day: 0, on: '00:00', off: '23:00', intensity: 100 },
    { day: 14, on: '20:00', off: '04:00', intensity: 40 },
  ],
};
const STATE = syncedState('lighting', LIGHTING, { dayAge: 20 });

signedInEach({ farms: [PIG_FARM] });

describe('lighting schedule page', { timeout: 40_000 }, () => {
  it('shows the acknowledged schedule in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serveSettingGroup(keys, STATE);
    renderWithApp(<LightingPage />, '/remote-control/env-control/light');
    const off2 = await screen.findByLabelText(`${t('lighting.off')} 2`, {}, SLOW);
    await waitFor(() => expect((off2 as HTMLInputElement).value).toBe('04:00'), SLOW);
    const reported = await screen.findByTestId('reported', {}, SLOW);
    expect(within(reported).getByText(t('lighting.summary', { day: 14, on: '20:00', off: '04:00', intensity: 40 }))).toBeTruthy();
    // Off at the on time, a day not after the one before, an intensity over 100 %: each refused under its own field.
    fireEvent.change(off2, { target: { value: '20:00' } });
    fireEvent.change(screen.getByLabelText(`${t('lighting.day')} 2`), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(`${t('lighting.intensity')} 1`), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: t('lighting.apply') }));
    const row0 = screen.getByTestId('lighting-row-0');
    const row1 = screen.getByTestId('lighting-row-1');
    expect(await within(row0).findByText(tk('validation.tooLarge', { max: 100 }), {}, SLOW)).toBeTruthy();
    await within(row1).findByText(tk('validation.lightOnOffSame'), {}, SLOW);
    await within(row1).findByText(tk('validation.daysIncreasing'), {}, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(off2, { target: { value: '05:30' } });
    fireEvent.change(screen.getByLabelText(`${t('lighting.day')} 2`), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText(`${t('lighting.intensity')} 1`), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('lighting.add')) }));
    await confirmApply(t('lighting.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('status.pending'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'lighting', shedIds: [7], codeKind: 'security' });
    expect(sent.payload).toEqual({
      points: [
        { ...LIGHTING.points[0], intensity: 90 },
        { day: 21, on: '20:00', off: '05:30', intensity: 40 },
        { day: 28, on: '20:00', off: '05:30', intensity: 40 },
      ],
    });
  });
});
