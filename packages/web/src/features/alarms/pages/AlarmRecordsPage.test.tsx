import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, callsTo, lastQuery } from '../../../test/mockApi';
import { expectLastDays } from '../../../test/dateRange';
import { fakeStream } from '../../../test/liveStream';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { liveAlarm } from '../model/liveAlarm.fixture';
import { AlarmRecordsPage } from './AlarmRecordsPage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`alarms.${key}`, vars);
const PAGE = '/warning/record/page';
const COUNT = '/warning/record/count';
const ACK = '/warning/record/ack';
const CLEAR = '/warning/record/clear';
const SHELVE = '/warning/record/shelve';

const alarm = (over: Partial<AlarmRow>): AlarmRow => ({
  id: 1,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  shedId: 7,
  shedName: 'Shed A',
  gatewayId: 3,
  gatewayCode: 'GW-3',
  ruleId: 4,
  ruleName: 'Too hot',
  kind: 'threshold',
  key: 'temp.2',
  level: 1,
  message: 'Check the fans',
  active: true,
  acknowledged: false,
  state: 'activeUnacknowledged',
  startedAt: Date.parse('2026-03-01T08:00:00Z'),
  endedAt: null,
  durationSec: 600,
  value: 31.24,
  peak: 33.5,
  low: null,
  high: 30,
  dayAge: 20,
  readingTs: Date.parse('2026-03-01T08:00:00Z'),
  ackBy: null,
  ackByName: null,
  ackAt: null,
  ackComment: null,
  clearedBy: null,
  clearedByName: null,
  shelvedUntil: null,
  ...over,
});

const ROWS: AlarmRow[] = [
  alarm({ id: 5 }),
  alarm({
    id: 4,
    level: 3,
    key: 'offline',
    kind: 'offline',
    ruleName: 'Controller down',
    active: false,
    acknowledged: true,
    state: 'cleared',
    endedAt: Date.parse('2026-03-01T09:00:00Z'),
    value: null,
    peak: null,
    high: null,
    ackBy: 11,
    ackByName: 'Demo Admin',
    ackAt: Date.parse('2026-03-01T08:30:00Z'),
    ackComment: 'power cut',
  }),
];

/** The alarm calls, and the live stream the page opens (its events are sent with `stream.send`). */
function serve(stream = fakeStream()): RecordedCall[] {
  const calls = mockApi({
    [`GET ${PAGE}`]: (call) => {
      const level = call.query.level;
      const list = level ? ROWS.filter((r) => String(r.level) === level) : ROWS;
      return { data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
    },
    [`GET ${COUNT}`]: { data: { total: 1, high: 1, medium: 0, low: 0 } },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Shed A', shedType: 1, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 }],
    },
    [`POST ${ACK}`]: { data: { acknowledged: 1 } },
    [`POST ${CLEAR}`]: {},
    [`POST ${SHELVE}`]: {},
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    String(input).startsWith('/api/telemetry/stream') ? Promise.resolve(stream.response()) : inner(input, init),
  );
  return calls;
}

signedInEach({ farms: [PIG_FARM] });

describe('alarm records page', { timeout: 40_000 }, () => {
  it("asks for the farm's alarms of the last 7 days and shows level, sensor, value, limits and acknowledgement", async () => {
    const calls = serve();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord');
    await screen.findByText('Controller down', {}, SLOW);
    const q = lastQuery(calls, PAGE);
    expect(q).toMatchObject({ farmId: '1', pageNo: '1', pageSize: '20' });
    expectLastDays(q, 7);
    expect(q).not.toHaveProperty('level');

    expect(within(tableRow(5)).getByTestId('alarm-level').textContent).toBe(t('levels.1'));
    expect(within(tableRow(5)).getByText(tk('environment.key.temp', { n: '2' }))).toBeTruthy();
    expect(within(tableRow(5)).getByText(t('states.activeUnacknowledged'))).toBeTruthy();
    expect(within(tableRow(5)).getByText(t('records.limits', { low: '–', high: '30.0 °C' }))).toBeTruthy();
    expect(tableRow(5).textContent).toContain(t('records.peak', { value: '33.5\u2009°C' }));
    expect(within(tableRow(5)).getByText(t('records.stillActive'))).toBeTruthy();

    expect(within(tableRow(4)).getByText(t('property.offline'))).toBeTruthy();
    expect(within(tableRow(4)).getByTestId('alarm-ack').textContent).toContain('Demo Admin');
    expect(within(tableRow(4)).getByText('power cut')).toBeTruthy();
    // A released, acknowledged alarm has nothing left to do.
    expect(within(tableRow(4)).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('alarm-counts').textContent).toContain(`${t('levels.1')} 1`);
  });

  it('filters by level from page 1, in the address', async () => {
    const calls = serve();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord?pageNo=2');
    await screen.findByText('Controller down', {}, SLOW);
    expect(lastQuery(calls, PAGE).pageNo).toBe('2');
    fireEvent.mouseDown(screen.getByLabelText(t('records.level')));
    fireEvent.click(await screen.findByTitle(t('levels.3'), {}, SLOW));
    await waitFor(() => expect(lastQuery(calls, PAGE)).toMatchObject({ level: '3', pageNo: '1' }), SLOW);
    await waitFor(() => expect(document.querySelector('tr[data-row-key="5"]')).toBeNull(), SLOW);
    expect(tableRow(4)).toBeTruthy();
  });

  it("lists the bell's active unacknowledged alarms whatever their age, until a range is chosen", async () => {
    const calls = serve();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord?state=activeUnacknowledged');
    await screen.findByText('Controller down', {}, SLOW);
    const q = lastQuery(calls, PAGE);
    expect(q).toMatchObject({ farmId: '1', state: 'activeUnacknowledged' });
    expect(q).not.toHaveProperty('startTime');
    expect(q).not.toHaveProperty('endTime');
    expect((document.getElementById('alarm-range') as HTMLInputElement).value).toBe('');
  });

  it('keeps an explicit range with an active state, and the default range for other states', async () => {
    const calls = serve();
    const start = Date.parse('2026-03-01T00:00:00Z');
    const end = Date.parse('2026-03-05T00:00:00Z');
    const { unmount } = renderWithApp(<AlarmRecordsPage />, `/warningmanagement/warningrecord?state=active&start=${start}&end=${end}`);
    await screen.findByText('Controller down', {}, SLOW);
    expect(lastQuery(calls, PAGE)).toMatchObject({ state: 'active', startTime: String(start), endTime: String(end) });
    unmount();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord?state=cleared');
    await screen.findByText('Controller down', {}, SLOW);
    const q = lastQuery(calls, PAGE);
    expect(q.state).toBe('cleared');
    expectLastDays(q, 7);
  });

  it('acknowledges an alarm with a comment, then reloads the list and the count', async () => {
    const calls = serve();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord');
    await screen.findByText('Controller down', {}, SLOW);
    const before = { page: callsTo(calls, PAGE).length, count: callsTo(calls, COUNT).length };
    fireEvent.click(within(tableRow(5)).getByRole('button', { name: t('records.ackOf', { rule: 'Too hot', shed: 'Shed A' }) }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText(t('records.comment')), { target: { value: '  fans checked ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('records.actions.ack') }));
    await waitFor(() => expect(calls.find((c) => c.path === ACK)?.body).toEqual({ ids: [5], comment: 'fans checked' }), SLOW);
    await waitFor(() => expect(callsTo(calls, PAGE).length).toBeGreaterThan(before.page), SLOW);
    expect(callsTo(calls, COUNT).length).toBeGreaterThan(before.count);
    expect(await screen.findByText(t('records.acknowledged'), {}, SLOW)).toBeTruthy();
  });

  it('releases an active alarm, and shelves it until a moment', async () => {
    const calls = serve();
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord');
    await screen.findByText('Controller down', {}, SLOW);
    fireEvent.click(within(tableRow(5)).getByRole('button', { name: t('records.clearOf', { rule: 'Too hot', shed: 'Shed A' }) }));
    let dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: t('records.actions.clear') }));
    await waitFor(() => expect(calls.find((c) => c.path === CLEAR)?.body).toEqual({ id: 5 }), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);

    fireEvent.click(within(tableRow(5)).getByRole('button', { name: t('records.shelveOf', { rule: 'Too hot', shed: 'Shed A' }) }));
    dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: t('records.actions.shelve') }));
    await waitFor(() => expect(calls.find((c) => c.path === SHELVE)).toBeTruthy(), SLOW);
    const { id, until } = calls.find((c) => c.path === SHELVE)!.body as { id: number; until: number };
    expect(id).toBe(5);
    // The dialog proposes a day from now.
    expect(Math.abs(until - Date.now() - 86_400_000)).toBeLessThan(60_000);
  });

  it('reloads the list and the count when the live stream tells of an alarm', async () => {
    const stream = fakeStream();
    const calls = serve(stream);
    renderWithApp(<AlarmRecordsPage />, '/warningmanagement/warningrecord');
    await screen.findByText('Controller down', {}, SLOW);
    const before = { page: callsTo(calls, PAGE).length, count: callsTo(calls, COUNT).length };
    const event = liveAlarm(6);
    stream.send('alarm', event);
    await waitFor(() => expect(callsTo(calls, PAGE).length).toBeGreaterThan(before.page), SLOW);
    expect(callsTo(calls, COUNT).length).toBeGreaterThan(before.count);
  });
});
