import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FixedWindPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, serveSettingGroup, syncedState } from '../../../test/settingGroup';
import { FixedWindPage } from './FixedWindPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const stages = (first: number): FixedWindPayload => ({
  stages: [
    { fan: 2, onAbove: first, offAbove: first - 0.5, runSeconds: 60, stopSeconds: 0 },
    { fan: 3, onAbove: first + 1, offAbove: first + 0.5, runSeconds: 120, stopSeconds: 60 },
  ],
});
const STATE = syncedState('fixedWind', stages(1), { online: false });

signedInEach({ farms: [PIG_FARM] });

describe('fixed-speed fan stages page', { timeout: 40_000 }, () => {
  it('refuses stages not increasing and cycles not in multiples of 10 s per field, then applies with the code', async () => {
    const calls = serveSettingGroup(keys, STATE);
    renderWithApp(<FixedWindPage />, '/remote-control/env-control/fixed-wind');
    const on2 = await screen.findByLabelText(`${t('fixedWind.onAbove')} 2`, {}, SLOW);
    await waitFor(() => expect((on2 as HTMLInputElement).value).toBe('2'));
    const reported = await screen.findByTestId('reported', {}, SLOW);
    expect(await within(reported).findByText(t('fixedWind.summary', { n: 2, fan: 3, on: 2, off: 1.5, run: 120, stop: 60 }))).toBeTruthy();
    // Stage 2 on at stage 1's point, stage 1 resting 25 s: each refused under its own field.
    fireEvent.change(on2, { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(`${t('fixedWind.stopSeconds')} 1`), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: t('fixedWind.apply') }));
    await within(screen.getByTestId('stage-row-1')).findByText(tk('validation.stagesIncreasing'), {}, SLOW);
    await within(screen.getByTestId('stage-row-0')).findByText(tk('validation.multipleOf10'), {}, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(on2, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(`${t('fixedWind.stopSeconds')} 1`), { target: { value: '30' } });
    await confirmApply(t('fixedWind.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('curve.whenOnline'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'fixedWind', shedIds: [7], codeKind: 'security' });
    expect(sent.payload).toEqual({
      stages: [
        { fan: 2, onAbove: 1, offAbove: 0.5, runSeconds: 60, stopSeconds: 30 },
        { fan: 3, onAbove: 3, offAbove: 1.5, runSeconds: 120, stopSeconds: 60 },
      ],
    });
  });
});
