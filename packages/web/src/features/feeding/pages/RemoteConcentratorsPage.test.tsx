import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConcentratorRemoteRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { PoultryConcentratorsPage, RemoteConcentratorsPage } from './RemoteConcentratorsPage';
import { confirmWithCode, selectRow, serveRemote, tf as t } from './feedingTestParts';
import { tableRow } from '../../../test/table';

const keys = rsaKeysBeforeAll();
const LIST = '/feeding/remote/concentrator/list';
const SEND = '/feeding/remote/concentrator/send';
const NOW = Date.UTC(2026, 10, 27, 9, 0);

const LIST_ANSWER: ConcentratorRemoteRow[] = [
  {
    id: 11,
    deviceNo: 'J-01',
    name: 'Main',
    gatewayCode: 'fs-feed01',
    online: true,
    collectors: 2,
    feeders: 24,
    serial: { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' },
    commands: [{ action: 'serial', version: 3, status: 'synced', ackMsg: 'ok', grams: null, createdAt: NOW, ackedAt: NOW }],
  },
];

const serve = (): RecordedCall[] =>
  serveRemote(keys, LIST, LIST_ANSWER, SEND, [
    { deviceId: 11, deviceName: 'Main', code: 1, version: 4, commandId: 'c4', status: 'pending', online: true },
  ]);

signedInEach({ farms: [PIG_FARM] });

describe('remote concentrators page', { timeout: 90_000 }, () => {
  it('lists the house concentrators with their link, devices below, bus settings and outcomes, and syncs a clock with the code', async () => {
    const calls = serve();
    renderWithApp(<RemoteConcentratorsPage />, '/remote-control/feed-device/concentrator');
    await screen.findByText('J-01 · Main', {}, SLOW);
    const text = tableRow(11).textContent ?? '';
    expect(text).toContain('fs-feed01');
    expect(text).toContain(t('remote.childrenLine', { collectors: 2, feeders: 24 }));
    expect(text).toContain(t('feedDevices.serialLine', { baud: 9600, data: 8, parity: t('feedDevices.parities.none'), stop: 1 }));
    expect(within(tableRow(11)).getByTestId('remote-serial').textContent).toContain(t('remote.status.synced'));
    selectRow(11);
    fireEvent.click(screen.getByRole('button', { name: t('remote.syncTime') }));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SEND)).toHaveLength(1), SLOW);
    const sent = calls.find((c) => c.path === SEND)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ shedId: 7, concentratorIds: [11], action: 'timeSync', codeKind: 'security' });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
    expect(await screen.findByText(t('remote.sent', { count: 1 }), {}, SLOW)).toBeTruthy();
  });

  it('writes bus settings from the stored ones, and the poultry entry is the same page under its own title', async () => {
    const calls = serve();
    const { unmount } = renderWithApp(<RemoteConcentratorsPage />, '/remote-control/feed-device/concentrator');
    await screen.findByText('J-01 · Main', {}, SLOW);
    selectRow(11);
    fireEvent.click(screen.getByRole('button', { name: t('remote.writeSerial') }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.mouseDown(within(dialog).getByLabelText(t('feedDevices.fields.parity')));
    fireEvent.click(await screen.findByTitle(t('remote.parities.even'), {}, SLOW));
    fireEvent.click(within(dialog).getByRole('button', { name: t('remote.next') }));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SEND)).toHaveLength(1), SLOW);
    expect(calls.find((c) => c.path === SEND)!.body).toMatchObject({
      action: 'serial',
      serial: { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'even' },
    });
    unmount();
    renderWithApp(<PoultryConcentratorsPage />, '/remotecontrolfowl/feed-device/concentrator');
    expect(await screen.findByRole('heading', { name: menuLabel('remotecontrolfowl.concentrator') }, SLOW)).toBeTruthy();
  });
});
