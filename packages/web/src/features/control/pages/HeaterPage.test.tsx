import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HeaterPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, type Answer, type RecordedCall } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { confirmApply, HOUSE_1, HOUSE_2, serveSettings, settingVersion, syncedState } from '../../../test/settingGroup';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { HeaterPage } from './HeaterPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const heaters = (onBelow: number): HeaterPayload => ({
  heaters: [
    { index: 1, enabled: true, onBelow, offBelow: 0.5 },
    { index: 2, enabled: false, onBelow: onBelow + 1, offBelow: 1 },
  ],
});

// The newest version (3, pending) differs from the acknowledged one (2): the form edits 3, the box shows 2.
const STATE_ANSWER = syncedState('heater', heaters(2), {
  desiredVersion: 3,
  reportedVersion: 2,
  status: 'pending',
  versions: [settingVersion(3, 'pending', heaters(3)), settingVersion(2, 'synced', heaters(2))],
  dayAge: 12,
});

const serve = (apply: Answer): RecordedCall[] => serveSettings(keys, { data: STATE_ANSWER }, apply, [HOUSE_1, HOUSE_2]);

signedInEach({ farms: [PIG_FARM] });

describe('heater settings page', { timeout: 40_000 }, () => {
  it('shows desired beside acknowledged, refuses off at or above on per field, and applies to two houses with the code', async () => {
    const calls = serve({
      data: {
        results: [
          { shedId: 7, shedName: 'House 1', code: 1, version: 4, commandId: 'c4', status: 'pending', online: true },
          { shedId: 8, shedName: 'House 2', code: 30001, version: null, commandId: null, status: null, online: false },
        ],
      },
    });
    renderWithApp(<HeaterPage />, '/remote-control/env-control/heater');
    const on1 = await screen.findByLabelText(`${t('heater.onBelow')} 1`, {}, SLOW);
    await waitFor(() => expect((on1 as HTMLInputElement).value).toBe('3'));
    const reported = screen.getByTestId('reported');
    expect(within(reported).getByText(t('heater.summary', { index: 1, on: 2, off: 0.5 }))).toBeTruthy();
    expect(within(reported).getByText(t('heater.disabled', { index: 2 }))).toBeTruthy();
    expect(screen.getByText(t('versions.summary', { desired: 3, reported: 2 }))).toBeTruthy();
    // Off at the on value: refused under the off field of that heater, nothing sent.
    const off1 = screen.getByLabelText(`${t('heater.offBelow')} 1`);
    fireEvent.change(off1, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: t('heater.apply') }));
    const row1 = screen.getByTestId('heater-row-0');
    await within(row1).findByText(tk('validation.heaterOffBelowOn'), {}, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Out of range on the on field.
    fireEvent.change(on1, { target: { value: '12' } });
    await within(row1).findByText(new RegExp(tk('validation.tooLarge', { max: 10 }).slice(0, 8)), {}, SLOW);
    fireEvent.change(on1, { target: { value: '2.5' } });
    fireEvent.change(off1, { target: { value: '1' } });
    fireEvent.mouseDown(within(screen.getByRole('group', { name: t('curve.applyTo') })).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('House 2', {}, SLOW));
    await confirmApply(t('heater.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('status.pending'))).toBeTruthy();
    expect(within(results).getByText(/House 2/).textContent).not.toContain(t('status.pending'));
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'heater', shedIds: [7, 8], codeKind: 'security' });
    expect(sent.payload).toEqual({
      heaters: [
        { index: 1, enabled: true, onBelow: 2.5, offBelow: 1 },
        { index: 2, enabled: false, onBelow: 4, offBelow: 1 },
      ],
    });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
  });

  it("puts the server's 20053 answer under the field it names", async () => {
    serve({ code: 20053, data: { issues: [{ field: 'payload.heaters.1.onBelow', key: 'validation.tooLarge' }] } });
    renderWithApp(<HeaterPage />, '/remote-control/env-control/heater');
    const on1 = await screen.findByLabelText(`${t('heater.onBelow')} 1`, {}, SLOW);
    await waitFor(() => expect((on1 as HTMLInputElement).value).toBe('3'));
    await confirmApply(t('heater.apply'));
    await within(screen.getByTestId('heater-row-1')).findByText(new RegExp(tk('validation.tooLarge').slice(0, 8)), {}, SLOW);
  });
});
