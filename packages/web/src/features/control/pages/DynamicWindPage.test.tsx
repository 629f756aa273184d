import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DynamicWindPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, serveSettingGroup, syncedState } from '../../../test/settingGroup';
import { DynamicWindPage } from './DynamicWindPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const WIND: DynamicWindPayload = {
  minSpeed: 20,
  maxSpeed: 90,
  mode: 'dayAge',
  dayAge: [
    { day: 0, percent: 5 },
    { day: 21, percent: 15 },
  ],
  co2: [{ ppm: 2500, percent: 30 }],
};
const STATE = syncedState('dynamicWind', WIND, { online: false });

signedInEach({ farms: [PIG_FARM] });

describe('variable-speed fans page', { timeout: 40_000 }, () => {
  it('shows the acknowledged fans in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serveSettingGroup(keys, STATE);
    renderWithApp(<DynamicWindPage />, '/remote-control/env-control/dynamic-wind');
    const pct1 = await screen.findByLabelText(`${t('dynamicWind.modes.dayAge')}: ${t('dynamicWind.percent')} 1`, {}, SLOW);
    await waitFor(() => expect((pct1 as HTMLInputElement).value).toBe('5'), SLOW);
    const reported = await screen.findByTestId('reported', {}, SLOW);
    const speeds = t('dynamicWind.speedSummary', { min: 20, max: 90 });
    const points = t('dynamicWind.daySummary', { points: '0: 5 %, 21: 15 %' });
    expect(within(reported).getByText(`${speeds}; ${points}`)).toBeTruthy();
    // Minimum ventilation over 100 %, day 2 not after day 1, max speed under min: each refused under its own field.
    const dayRow = (i: number) => screen.getByTestId(`dayAge-row-${i}`);
    fireEvent.change(within(dayRow(0)).getByLabelText(`${t('dynamicWind.modes.dayAge')}: ${t('dynamicWind.percent')} 1`), {
      target: { value: '120' },
    });
    fireEvent.change(within(dayRow(1)).getByLabelText(`${t('dynamicWind.modes.dayAge')}: ${t('dynamicWind.day')} 2`), {
      target: { value: '0' },
    });
    fireEvent.change(screen.getByLabelText(t('dynamicWind.maxSpeed')), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: t('dynamicWind.apply') }));
    expect(await within(dayRow(0)).findByText(tk('validation.tooLarge', { max: 100 }), {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(within(dayRow(0)).getByLabelText(`${t('dynamicWind.modes.dayAge')}: ${t('dynamicWind.percent')} 1`), {
      target: { value: '8' },
    });
    fireEvent.click(screen.getByRole('button', { name: t('dynamicWind.apply') }));
    await within(dayRow(1)).findByText(tk('validation.daysIncreasing'), {}, SLOW);
    await screen.findByText(tk('validation.maxBelowMin'), {}, SLOW);
    fireEvent.change(within(dayRow(1)).getByLabelText(`${t('dynamicWind.modes.dayAge')}: ${t('dynamicWind.day')} 2`), {
      target: { value: '28' },
    });
    fireEvent.change(screen.getByLabelText(t('dynamicWind.maxSpeed')), { target: { value: '95' } });
    await confirmApply(t('dynamicWind.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('curve.whenOnline'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'dynamicWind', shedIds: [7], codeKind: 'security' });
    expect(sent.payload).toEqual({
      ...WIND,
      maxSpeed: 95,
      dayAge: [
        { day: 0, percent: 8 },
        { day: 28, percent: 15 },
      ],
    });
  });
});
