import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AlarmRow, LiveAlarm, ShedMonitor, ShedOverviewRow } from '@farmsense/shared';
import { SessionContext, type SessionValue } from '../../../app/auth/sessionContext';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { CLIMATE_GATEWAY, shedMonitor, shedRow } from '../../../test/fixtures';
import { fakeStream } from '../../../test/liveStream';
import { POULTRY_FARM, signedInEach } from '../../../test/session';
import { PoultryShedOverviewPage } from './ShedOverviewPage';

/** The shed cards take the alarm colour of a shed's active alarms, and follow the stream's alarm events. */
const SHED: ShedOverviewRow = shedRow({ tid: 4, gateways: [CLIMATE_GATEWAY] });
const RECORDS = '/warning/record/page';
const MONITOR: ShedMonitor = shedMonitor(Date.now());

/** A session whose permission tree holds the given pages. */
const session = (codes: string[]): SessionValue =>
  ({
    model: { routes: codes.map((code) => ({ code, path: `/${code.replace('.', '/')}`, fullscreen: false })) },
  }) as unknown as SessionValue;

const active = { id: 9, shedId: 4, level: 2 } as AlarmRow;

function serve(stream: ReturnType<typeof fakeStream>): { calls: RecordedCall[]; clear: () => void } {
  let list: AlarmRow[] = [active, { ...active, id: 10, level: 1 }];
  const calls = mockApi({
    'POST /breedpigbuilding/shed/querySheds': { data: { list: [SHED], total: 1, pageNo: 1, pageSize: 100000 } },
    'POST /breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus': {
      data: { farmId: 2, now: Date.now(), staleAfterMs: 900_000, sheds: [MONITOR] },
    },
    [`GET ${RECORDS}`]: () => ({ data: { list, total: list.length, pageNo: 1, pageSize: 1000 } }),
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    String(input).startsWith('/api/telemetry/stream') ? Promise.resolve(stream.response()) : inner(input, init),
  );
  return { calls, clear: () => (list = []) };
}

const withCodes = (codes: string[], ui: ReactElement): ReactElement => (
  <SessionContext.Provider value={session(codes)}>{ui}</SessionContext.Provider>
);

signedInEach({ farms: [POULTRY_FARM] });

describe('shed cards in alarm', { timeout: 30_000 }, () => {
  it("colours a shed's card by its most urgent active alarm until the stream says it is released", async () => {
    const stream = fakeStream();
    const { calls, clear } = serve(stream);
    renderWithApp(withCodes(['warningmanagement.warningrecord'], <PoultryShedOverviewPage />));
    const card = await screen.findByRole('article', { name: /Broiler House/ }, SLOW);
    await waitFor(() => expect(card.getAttribute('data-alarm-level')).toBe('1'), SLOW);
    expect(card.className).toContain('fs-shed-card--alarm-1');
    expect(within(card).getByTestId('shed-alarms').textContent).toContain('2');
    expect(calls.find((c) => c.path === RECORDS)!.query).toMatchObject({ farmId: '2', state: 'active' });

    clear();
    const released: LiveAlarm = {
      id: 10,
      farmId: 2,
      shedId: 4,
      gatewayId: 4,
      ruleId: 1,
      level: 1,
      key: 'temp.1',
      active: false,
      acknowledged: false,
      value: 25,
      peak: 31,
      change: 'cleared',
      ts: Date.now(),
    };
    await waitFor(() => expect(screen.getByTestId('live-state').getAttribute('data-state')).toBe('live'), SLOW);
    stream.send('alarm', released);
    await waitFor(() => expect(card.hasAttribute('data-alarm-level')).toBe(false), SLOW);
    expect(within(card).queryByTestId('shed-alarms')).toBeNull();
  });

  it('asks nothing of the alarm records when the account does not hold them', async () => {
    const { calls } = serve(fakeStream());
    renderWithApp(withCodes([], <PoultryShedOverviewPage />));
    await screen.findByRole('article', { name: /Broiler House/ }, SLOW);
    await new Promise((r) => setTimeout(r, 200));
    expect(calls.some((c) => c.path === RECORDS)).toBe(false);
  });
});
