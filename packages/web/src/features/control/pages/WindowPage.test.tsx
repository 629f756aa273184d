import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WindowPayload } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, serveSettingGroup, syncedState } from '../../../test/settingGroup';
import { WindowPage } from './WindowPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const WIN: WindowPayload = {
  openings: [
    {
      kind: 'side',
      index: 1,
      control: 'pressure',
      pressureTarget: 20,
      pressureBand: 2,
      openFrom: 1,
      fullyOpen: 4,
      minOpen: 10,
      maxOpen: 90,
    },
    {
      kind: 'curtain',
      index: 1,
      control: 'temperature',
      pressureTarget: 20,
      pressureBand: 2,
      openFrom: 2,
      fullyOpen: 5,
      minOpen: 0,
      maxOpen: 100,
    },
  ],
};
const STATE = syncedState('window', WIN, { online: false });

signedInEach({ farms: [PIG_FARM] });

describe('inlets and curtains page', { timeout: 60_000 }, () => {
  it('shows the acknowledged openings in words, refuses bad fields each under its own, then applies with the code', async () => {
    const calls = serveSettingGroup(keys, STATE);
    renderWithApp(<WindowPage />, '/remote-control/env-control/window');
    const max1 = await screen.findByLabelText(`${t('window.maxOpen')} 1`, {}, SLOW);
    await waitFor(() => expect((max1 as HTMLInputElement).value).toBe('90'), SLOW);
    const reported = await screen.findByTestId('reported', {}, SLOW);
    const side = { kind: t('window.kinds.side'), index: 1, min: 10, max: 90 };
    const curtain = { kind: t('window.kinds.curtain'), index: 1, min: 0, max: 100 };
    expect(within(reported).getByText(t('window.pressureSummary', { ...side, pa: 20, band: 2 }))).toBeTruthy();
    expect(within(reported).getByText(t('window.temperatureSummary', { ...curtain, from: 2, full: 5 }))).toBeTruthy();
    // Opening over 100 %, the curtain fully open below its open-from: each refused under its own field.
    fireEvent.change(max1, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText(`${t('window.fullyOpen')} 2`), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: t('window.apply') }));
    const row0 = screen.getByTestId('opening-row-0');
    expect(await within(row0).findByText(tk('validation.tooLarge', { max: 100 }), {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(max1, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: t('window.apply') }));
    await within(screen.getByTestId('opening-row-1')).findByText(tk('validation.openFromBelowFully'), {}, SLOW);
    fireEvent.change(screen.getByLabelText(`${t('window.fullyOpen')} 2`), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText(`${t('window.pressureTarget')} 1`), { target: { value: '25' } });
    await confirmApply(t('window.apply'));
    const results = await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    expect(within(results).getByText(t('curve.whenOnline'))).toBeTruthy();
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'window', shedIds: [7], codeKind: 'security' });
    expect(sent.payload).toEqual({
      openings: [
        { ...WIN.openings[0], maxOpen: 80, pressureTarget: 25 },
        { ...WIN.openings[1], fullyOpen: 6 },
      ],
    });
  });
});
