import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PumpsPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, serveSettingGroup, syncedState } from '../../../test/settingGroup';
import { PumpsPage } from './PumpsPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const PUMPS: PumpsPayload = {
  pumps: [
    { pump: 1, kind: 'pad', auto: true, onAbove: 3, offAbove: 2, rhLimit: 85, runSeconds: 60, stopSeconds: 0 },
    { pump: 2, kind: 'mist', auto: false, onAbove: 4, offAbove: 3, rhLimit: 75, runSeconds: 120, stopSeconds: 60 },
  ],
};
const STATE = syncedState('pumps', PUMPS, { online: false });

signedInEach({ farms: [PIG_FARM] });

describe('cooling pad and mist pumps page', { timeout: 40_000 }, () => {
  it('shows the acknowledged pumps in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serveSettingGroup(keys, STATE);
    renderWithApp(<PumpsPage />, '/remote-control/env-control/pumps');
    const rh1 = await screen.findByLabelText(`${t('pumps.rhLimit')} 1`, {}, SLOW);
    await waitFor(() => expect((rh1 as HTMLInputElement).value).toBe('85'));
    const reported = await screen.findByTestId('reported', {}, SLOW);
    const pad = t('pumps.kinds.pad');
    const mist = t('pumps.kinds.mist');
    expect(within(reported).getByText(t('pumps.summary', { kind: pad, pump: 1, on: 3, off: 2, rh: 85, run: 60, stop: 0 }))).toBeTruthy();
    expect(within(reported).getByText(t('pumps.manual', { kind: mist, pump: 2 }))).toBeTruthy();
    expect((screen.getByLabelText(`${t('pumps.auto')} 2`) as HTMLInputElement).checked).toBe(false);
    // Humidity limit over 100 %, pump 2 off above its on point, rest of 25 s: each refused under its own field.
    fireEvent.change(rh1, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText(`${t('pumps.offAbove')} 2`), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(`${t('pumps.stopSeconds')} 2`), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: t('pumps.apply') }));
    const row0 = screen.getByTestId('pump-row-0');
    const row1 = screen.getByTestId('pump-row-1');
    expect(await within(row0).findByText(tk('validation.tooLarge', { max: 100 }), {}, SLOW)).toBeTruthy();
    await within(row1).findByText(tk('validation.fanOffBelowOn'), {}, SLOW);
    await within(row1).findByText(tk('validation.multipleOf10'), {}, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(rh1, { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText(`${t('pumps.offAbove')} 2`), { target: { value: '3.5' } });
    fireEvent.change(screen.getByLabelText(`${t('pumps.stopSeconds')} 2`), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText(`${t('pumps.auto')} 2`));
    await confirmApply(t('pumps.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('curve.whenOnline'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'pumps', shedIds: [7], codeKind: 'security' });
    expect(sent.payload).toEqual({
      pumps: [
        { ...PUMPS.pumps[0], rhLimit: 80 },
        { ...PUMPS.pumps[1], auto: true, offAbove: 3.5, stopSeconds: 30 },
      ],
    });
  });
});
