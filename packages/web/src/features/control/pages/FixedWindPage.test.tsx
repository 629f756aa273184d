import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { FixedWindPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { appliedPayload, confirmApply, expectRefused, openSettings, settingsFile, typeInto } from '../../../test/settingGroup';
import { FixedWindPage } from './FixedWindPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);

const stages = (first: number): FixedWindPayload => ({
  stages: [
    { fan: 2, onAbove: first, offAbove: first - 0.5, runSeconds: 60, stopSeconds: 0 },
    { fan: 3, onAbove: first + 1, offAbove: first + 0.5, runSeconds: 120, stopSeconds: 60 },
  ],
});
const { serve } = settingsFile('fixedWind', stages(1), { online: false });

describe('fixed-speed fan stages page', { timeout: 40_000 }, () => {
  it('refuses stages not increasing and cycles not in multiples of 10 s per field, then applies with the code', async () => {
    const calls = serve();
    const on2 = `${t('fixedWind.onAbove')} 2`;
    const { reported } = await openSettings(<FixedWindPage />, '/remote-control/env-control/fixed-wind', on2, '2');
    expect(await within(reported).findByText(t('fixedWind.summary', { n: 2, fan: 3, on: 2, off: 1.5, run: 120, stop: 60 }))).toBeTruthy();
    // Stage 2 on at stage 1's point, stage 1 resting 25 s: each refused under its own field.
    typeInto({ [on2]: '1', [`${t('fixedWind.stopSeconds')} 1`]: '25' });
    await expectRefused(t('fixedWind.apply'), 'stage', [
      [1, tk('validation.stagesIncreasing')],
      [0, tk('validation.multipleOf10')],
    ]);
    typeInto({ [on2]: '3', [`${t('fixedWind.stopSeconds')} 1`]: '30' });
    await confirmApply(t('fixedWind.apply'));
    expect(await appliedPayload(calls, 'fixedWind', t('curve.whenOnline'))).toEqual({
      stages: [
        { fan: 2, onAbove: 1, offAbove: 0.5, runSeconds: 60, stopSeconds: 30 },
        { fan: 3, onAbove: 3, offAbove: 1.5, runSeconds: 120, stopSeconds: 60 },
      ],
    });
  });
});
