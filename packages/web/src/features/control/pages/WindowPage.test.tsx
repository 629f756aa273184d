import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { SIDE_INLET, type WindowPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { appliedPayload, confirmApply, expectRefused, openSettings, settingsFile, typeInto } from '../../../test/settingGroup';
import { WindowPage } from './WindowPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);

const WIN: WindowPayload = {
  openings: [
    { ...SIDE_INLET, maxOpen: 90 },
    { ...SIDE_INLET, kind: 'curtain', control: 'temperature', openFrom: 2, fullyOpen: 5, minOpen: 0 },
  ],
};
const { serve } = settingsFile('window', WIN, { online: false });

describe('inlets and curtains page', { timeout: 60_000 }, () => {
  it('shows the acknowledged openings in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serve();
    const max1 = `${t('window.maxOpen')} 1`;
    const fully2 = `${t('window.fullyOpen')} 2`;
    const { reported } = await openSettings(<WindowPage />, '/remote-control/env-control/window', max1, '90');
    const side = { kind: t('window.kinds.side'), index: 1, min: 10, max: 90 };
    const curtain = { kind: t('window.kinds.curtain'), index: 1, min: 0, max: 100 };
    expect(within(reported).getByText(t('window.pressureSummary', { ...side, pa: 20, band: 2 }))).toBeTruthy();
    expect(within(reported).getByText(t('window.temperatureSummary', { ...curtain, from: 2, full: 5 }))).toBeTruthy();
    // Opening over 100 %, the curtain fully open below its open-from: each refused under its own field.
    typeInto({ [max1]: '120', [fully2]: '1' });
    await expectRefused(t('window.apply'), 'opening', [[0, tk('validation.tooLarge', { max: 100 })]]);
    typeInto({ [max1]: '80' });
    await expectRefused(t('window.apply'), 'opening', [[1, tk('validation.openFromBelowFully')]]);
    typeInto({ [fully2]: '6', [`${t('window.pressureTarget')} 1`]: '25' });
    await confirmApply(t('window.apply'));
    expect(await appliedPayload(calls, 'window', t('curve.whenOnline'))).toEqual({
      openings: [
        { ...WIN.openings[0], maxOpen: 80, pressureTarget: 25 },
        { ...WIN.openings[1], fullyOpen: 6 },
      ],
    });
  });
});
