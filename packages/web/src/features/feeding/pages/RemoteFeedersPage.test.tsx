import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeederRemoteRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { RemoteFeedersPage } from './RemoteFeedersPage';
import { confirmWithCode, FEEDER_PARAMS, selectRow, serveRemote, tf as t } from './feedingTestParts';
import { tableRow } from '../../../test/table';

const keys = rsaKeysBeforeAll();
const LIST = '/feeding/remote/feeder/list';
const SEND = '/feeding/remote/feeder/send';
const NOW = Date.UTC(2026, 10, 27, 9, 0);

const feeder = (id: number, no: string, over: Partial<FeederRemoteRow> = {}): FeederRemoteRow => ({
  id,
  deviceNo: no,
  name: `Feeder ${no}`,
  collectorNo: '01',
  penId: id * 10,
  penColumn: id,
  penRow: 1,
  online: true,
  planned: null,
  dispensed: null,
  state: null,
  reportedAt: null,
  params: FEEDER_PARAMS,
  commands: [],
  ...over,
});

const LIST_ANSWER: FeederRemoteRow[] = [
  feeder(1, '001', {
    planned: 3000,
    dispensed: 1200,
    state: 1,
    reportedAt: NOW,
    commands: [
      { action: 'params', version: 2, status: 'synced', ackMsg: 'ok', grams: null, createdAt: NOW, ackedAt: NOW },
      { action: 'feedNow', version: 3, status: 'failed', ackMsg: 'augerBlocked', grams: 400, createdAt: NOW, ackedAt: NOW },
    ],
  }),
  feeder(2, '002', {
    online: false,
    commands: [{ action: 'timeSync', version: 4, status: 'pending', ackMsg: null, grams: null, createdAt: NOW, ackedAt: null }],
  }),
];

const serve = (): RecordedCall[] =>
  serveRemote(keys, LIST, LIST_ANSWER, SEND, [
    { deviceId: 1, deviceName: 'Feeder 001', code: 1, version: 5, commandId: 'c5', status: 'pending', online: true },
    { deviceId: 2, deviceName: 'Feeder 002', code: 1, version: 6, commandId: 'c6', status: 'pending', online: false },
  ]);
const button = (name: string): HTMLButtonElement => screen.getByRole('button', { name }) as HTMLButtonElement;

signedInEach({ farms: [PIG_FARM] });

describe('remote feeders page', { timeout: 90_000 }, () => {
  it('lists the house feeders with their link, todays report and each actions outcome', async () => {
    const calls = serve();
    renderWithApp(<RemoteFeedersPage />, '/remote-control/feed-device/feeder');
    await screen.findByText('001 · Feeder 001', {}, SLOW);
    expect(calls.find((c) => c.path === LIST)!.query).toEqual({ shedId: '7' });
    const first = tableRow(1).textContent ?? '';
    expect(first).toContain(t('remote.todayLine', { dispensed: 1200, planned: 3000 }));
    expect(first).toContain(t('remote.states.1'));
    expect(within(tableRow(1)).getByTestId('remote-params').textContent).toContain(t('remote.status.synced'));
    expect(within(tableRow(1)).getByTestId('remote-feedNow').textContent).toBe(
      `${t('remote.feedNowOf', { grams: 400 })} v3 ${t('remote.status.failed')} augerBlocked`,
    );
    // A pending command of an offline concentrator applies once it is back.
    expect(within(tableRow(2)).getByTestId('remote-timeSync').textContent).toContain(t('remote.whenOnline'));
    expect(tableRow(2).textContent).toContain(t('feedDevices.offline'));
    expect(button(t('remote.feedNow')).disabled).toBe(true);
  });

  it('feeds an amount now on two feeders with the code and says which wait for their concentrator', async () => {
    const calls = serve();
    renderWithApp(<RemoteFeedersPage />, '/remote-control/feed-device/feeder');
    await screen.findByText('001 · Feeder 001', {}, SLOW);
    selectRow(1);
    selectRow(2);
    fireEvent.change(screen.getByLabelText(t('remote.grams')), { target: { value: '350' } });
    fireEvent.click(button(t('remote.feedNow')));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SEND)).toHaveLength(1), SLOW);
    const sent = calls.find((c) => c.path === SEND)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ shedId: 7, feederIds: [1, 2], action: 'feedNow', grams: 350, codeKind: 'security' });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
    const status = await screen.findByText(t('remote.sent', { count: 2 }), {}, SLOW);
    expect(status).toBeTruthy();
    expect(screen.getByText(t('remote.waiting', { count: 1 }))).toBeTruthy();
  });

  it('refuses an amount the server would refuse before anything is sent', async () => {
    const calls = serve();
    renderWithApp(<RemoteFeedersPage />, '/remote-control/feed-device/feeder');
    await screen.findByText('001 · Feeder 001', {}, SLOW);
    selectRow(1);
    for (const [typed, key] of [
      ['5', 'validation.invalid'],
      ['6000', 'validation.tooLarge'],
      ['2.5', 'validation.integer'],
    ]) {
      fireEvent.change(screen.getByLabelText(t('remote.grams')), { target: { value: typed } });
      expect(screen.getByRole('alert').textContent).toBe(tk(key!, { min: 10, max: 5000 }));
      expect(button(t('remote.feedNow')).disabled).toBe(true);
    }
    expect(calls.filter((c) => c.path === SEND)).toHaveLength(0);
  });

  it('writes parameters checked as typed, starting from the selected feeders stored ones', async () => {
    const calls = serve();
    renderWithApp(<RemoteFeedersPage />, '/remote-control/feed-device/feeder');
    await screen.findByText('001 · Feeder 001', {}, SLOW);
    selectRow(1);
    fireEvent.click(button(t('remote.writeParams')));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const low = within(dialog).getByLabelText(t('feedDevices.fields.tempLow'));
    expect((low as HTMLInputElement).value).toBe('5');
    fireEvent.change(low, { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('remote.next') }));
    expect(await within(dialog).findByText(tk('validation.lowBelowHigh'), {}, SLOW)).toBeTruthy();
    fireEvent.change(low, { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText(t('feedDevices.fields.amountPerFeed')), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('remote.next') }));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SEND)).toHaveLength(1), SLOW);
    expect(calls.find((c) => c.path === SEND)!.body).toMatchObject({
      feederIds: [1],
      action: 'params',
      params: { ...FEEDER_PARAMS, tempLow: 8, amountPerFeed: 250 },
    });
  });
});
