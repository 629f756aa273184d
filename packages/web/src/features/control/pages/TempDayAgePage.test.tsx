import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SettingStateAnswer, TempDayAgePayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { confirmApply, HOUSE_1, HOUSE_2, serveSettings, settingVersion, syncedState } from '../../../test/settingGroup';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { TempDayAgePage } from './TempDayAgePage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const curve = (target: number): TempDayAgePayload => ({
  points: [
    { day: 1, target: target + 8, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 21, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 4 },
  ],
  rhTarget: 60,
});

function serve(states: SettingStateAnswer[]): RecordedCall[] {
  let n = 0;
  return serveSettings(
    keys,
    () => ({ data: states[Math.min(n++, states.length - 1)] }),
    {
      data: {
        results: [
          { shedId: 7, shedName: 'House 1', code: 1, version: 3, commandId: 'c3', status: 'pending', online: true },
          { shedId: 8, shedName: 'House 2', code: 1, version: 1, commandId: 'c9', status: 'pending', online: false },
        ],
      },
    },
    [HOUSE_1, HOUSE_2],
  );
}

const base = syncedState('tempDayAge', curve(24), {
  desiredVersion: 2,
  reportedVersion: 2,
  versions: [settingVersion(2, 'synced', curve(24)), settingVersion(1, 'synced', curve(22))],
  dayAge: 12,
  comfort: { startDay: 0, values: Array.from({ length: 50 }, (_, d) => 33 - d / 4) },
});

signedInEach({ farms: [PIG_FARM] });

describe('day-age temperature curve', { timeout: 40_000 }, () => {
  it('shows the house curve, its status and versions, and applies an edit to two houses with the security code', async () => {
    const calls = serve([base]);
    renderWithApp(<TempDayAgePage />, '/remote-control/env-control/temp-dayage');
    const target2 = await screen.findByLabelText(`${t('curve.fields.target')} 2`, {}, SLOW);
    await waitFor(() => expect((target2 as HTMLInputElement).value).toBe('24'), SLOW);
    expect(screen.getAllByTestId('sync-status')[0]!.textContent).toBe(t('status.synced'));
    // The curve is drawn (against the flock day age and the comfort curve) above the form.
    expect(screen.getByTestId('curve-chart')).toBeTruthy();
    expect(screen.getByText(t('versions.summary', { desired: 2, reported: 2 }))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('versions.restoreVersion', { version: 1 }) })).toBeTruthy();
    // A day not after the one before is refused on the form, nothing is sent.
    fireEvent.change(screen.getByLabelText(`${t('curve.fields.day')} 2`), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: t('curve.apply') }));
    await screen.findByText(new RegExp(tk('validation.daysIncreasing')), {}, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText(`${t('curve.fields.day')} 2`), { target: { value: '21' } });
    fireEvent.change(target2, { target: { value: '23' } });
    fireEvent.mouseDown(within(screen.getByRole('group', { name: t('curve.applyTo') })).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('House 2', {}, SLOW));
    await confirmApply(t('curve.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('status.pending'))).toBeTruthy();
    expect(within(results).getByText(t('curve.whenOnline'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'tempDayAge', shedIds: [7, 8], codeKind: 'security', payload: { rhTarget: 60 } });
    expect((sent.payload as TempDayAgePayload).points[1]).toEqual({ day: 21, target: 23, heatOffset: 1, coolOffset: 2, tunnelOffset: 4 });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
  });

  it('asks for confirmation of set points far from the comfort curve', async () => {
    const calls = serve([base]);
    renderWithApp(<TempDayAgePage />, '/remote-control/env-control/temp-dayage');
    const target1 = await screen.findByLabelText(`${t('curve.fields.target')} 1`, {}, SLOW);
    await waitFor(() => expect((target1 as HTMLInputElement).value).toBe('32'), SLOW);
    fireEvent.change(target1, { target: { value: '20' } });
    fireEvent.click(await screen.findByLabelText(t('curve.confirmOffComfort'), {}, SLOW));
    await confirmApply(t('curve.apply'));
    await waitFor(() => expect(calls.some((c) => c.path === APPLY)).toBe(true));
    expect(calls.find((c) => c.path === APPLY)!.body).toMatchObject({ confirmOffComfort: true, shedIds: [7] });
  });
});
