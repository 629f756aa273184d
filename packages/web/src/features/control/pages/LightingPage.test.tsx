import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { LightingPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { appliedPayload, confirmApply, expectRefused, openSettings, settingsFile, typeInto } from '../../../test/settingGroup';
import { LightingPage } from './LightingPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);

const LIGHTING: LightingPayload = {
  points: [
    { day: 0, on: '00:00', off: '23:00', intensity: 100 },
    { day: 14, on: '20:00', off: '04:00', intensity: 40 },
  ],
};
const { serve } = settingsFile('lighting', LIGHTING, { dayAge: 20 });

describe('lighting schedule page', { timeout: 40_000 }, () => {
  it('shows the acknowledged schedule in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serve();
    const off2 = `${t('lighting.off')} 2`;
    const { reported } = await openSettings(<LightingPage />, '/remote-control/env-control/light', off2, '04:00');
    expect(within(reported).getByText(t('lighting.summary', { day: 14, on: '20:00', off: '04:00', intensity: 40 }))).toBeTruthy();
    // Off at the on time, a day not after the one before, an intensity over 100 %: each refused under its own field.
    typeInto({ [off2]: '20:00', [`${t('lighting.day')} 2`]: '0', [`${t('lighting.intensity')} 1`]: '120' });
    await expectRefused(t('lighting.apply'), 'lighting', [
      [0, tk('validation.tooLarge', { max: 100 })],
      [1, tk('validation.lightOnOffSame')],
      [1, tk('validation.daysIncreasing')],
    ]);
    typeInto({ [off2]: '05:30', [`${t('lighting.day')} 2`]: '21', [`${t('lighting.intensity')} 1`]: '90' });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('lighting.add')) }));
    await confirmApply(t('lighting.apply'));
    expect(await appliedPayload(calls, 'lighting', t('status.pending'))).toEqual({
      points: [
        { ...LIGHTING.points[0], intensity: 90 },
        { day: 21, on: '20:00', off: '05:30', intensity: 40 },
        { day: 28, on: '20:00', off: '05:30', intensity: 40 },
      ],
    });
  });
});
