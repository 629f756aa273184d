import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PumpsPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { appliedPayload, confirmApply, expectRefused, openSettings, settingsFile, typeInto } from '../../../test/settingGroup';
import { PumpsPage } from './PumpsPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);

const PUMPS: PumpsPayload = {
  pumps: [
    { pump: 1, kind: 'pad', auto: true, onAbove: 3, offAbove: 2, rhLimit: 85, runSeconds: 60, stopSeconds: 0 },
    { pump: 2, kind: 'mist', auto: false, onAbove: 4, offAbove: 3, rhLimit: 75, runSeconds: 120, stopSeconds: 60 },
  ],
};
const { serve } = settingsFile('pumps', PUMPS, { online: false });

describe('cooling pad and mist pumps page', { timeout: 40_000 }, () => {
  it('shows the acknowledged pumps in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serve();
    const { reported } = await openSettings(<PumpsPage />, '/remote-control/env-control/pumps', `${t('pumps.rhLimit')} 1`, '85');
    const pad = t('pumps.kinds.pad');
    const mist = t('pumps.kinds.mist');
    expect(within(reported).getByText(t('pumps.summary', { kind: pad, pump: 1, on: 3, off: 2, rh: 85, run: 60, stop: 0 }))).toBeTruthy();
    expect(within(reported).getByText(t('pumps.manual', { kind: mist, pump: 2 }))).toBeTruthy();
    expect((screen.getByLabelText(`${t('pumps.auto')} 2`) as HTMLInputElement).checked).toBe(false);
    // Humidity limit over 100 %, pump 2 off above its on point, rest of 25 s: each refused under its own field.
    typeInto({ [`${t('pumps.rhLimit')} 1`]: '120', [`${t('pumps.offAbove')} 2`]: '5', [`${t('pumps.stopSeconds')} 2`]: '25' });
    await expectRefused(t('pumps.apply'), 'pump', [
      [0, tk('validation.tooLarge', { max: 100 })],
      [1, tk('validation.fanOffBelowOn')],
      [1, tk('validation.multipleOf10')],
    ]);
    typeInto({ [`${t('pumps.rhLimit')} 1`]: '80', [`${t('pumps.offAbove')} 2`]: '3.5', [`${t('pumps.stopSeconds')} 2`]: '30' });
    fireEvent.click(screen.getByLabelText(`${t('pumps.auto')} 2`));
    await confirmApply(t('pumps.apply'));
    expect(await appliedPayload(calls, 'pumps', t('curve.whenOnline'))).toEqual({
      pumps: [
        { ...PUMPS.pumps[0], rhLimit: 80 },
        { ...PUMPS.pumps[1], auto: true, offAbove: 3.5, stopSeconds: 30 },
      ],
    });
  });
});
