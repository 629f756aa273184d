import { afterAll, describe, expect, it } from 'vitest';
import { startIot, type IotLink } from '../iot/link.js';
import { quietLog, waitFor } from '../iot/testkit.js';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { startDemoSimulator } from './demo-fleet.js';
import { seedHistory } from './seed-history.js';

/**
 * CONTRACT §5 history: written by the simulator's shed models through ingest's batch statement
 * (history, latest values, hourly and daily rollups agree), once; then the demo gateways run live
 * through the embedded broker and carry on from it.
 */
const HOUR = 3_600_000;

describe(`demo telemetry history and live simulator (${TEST_DB})`, () => {
  let ctx: TestContext;
  let link: IotLink | null = null;
  const now = Date.now();
  let historyEnd = 0;

  const q = withDemoStore((made) => (ctx = made));
  // Runs before the app closes (after-hooks run last-registered first).
  afterAll(async () => link?.stop());

  it('writes the history of every demo gateway once, with rollups and latest values that agree', async () => {
    const r = await seedHistory(ctx.database, {
      days: 2,
      now,
      resolution: [
        { withinDays: 2, stepMinutes: 60 },
        { withinDays: 0.25, stepMinutes: 15 },
      ],
    });
    expect(r).toMatchObject({ gateways: 6 });
    const [raw] = await q<{ n: number; last: number }>(
      'SELECT count(*)::int AS n, (extract(epoch FROM max(ts)) * 1000)::float8 AS last FROM telemetry',
    );
    expect(raw!.n).toBe(r!.points);
    // About 2 days hourly + 6 hours every 15 minutes, ~20-28 keys per gateway, some lost to outages.
    expect(r!.points).toBeGreaterThan(6 * 60 * 18);
    historyEnd = Number(raw!.last);
    expect(historyEnd).toBeLessThanOrEqual(now);
    expect(historyEnd).toBeGreaterThan(now - HOUR);
    const [hourly] = await q<{ n: number }>('SELECT sum(count)::int AS n FROM telemetry_hourly');
    const [daily] = await q<{ n: number }>('SELECT sum(count)::int AS n FROM telemetry_daily');
    expect([hourly!.n, daily!.n]).toEqual([r!.points, r!.points]);
    const [sums] = await q<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM (
         SELECT h.gateway_id, h.key, h.bucket, h.sum, h.count, sum(t.value) AS s, count(t.*) AS c
           FROM telemetry_hourly h JOIN telemetry t ON t.gateway_id = h.gateway_id AND t.key = h.key AND date_trunc('hour', t.ts, 'UTC') = h.bucket
          GROUP BY 1, 2, 3, 4, 5) x
        WHERE abs(x.sum - x.s) > 1e-6 OR x.count <> x.c`,
    );
    expect(sums!.bad).toBe(0);
    const [stale] = await q<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM telemetry_latest l
        WHERE l.ts <> (SELECT max(ts) FROM telemetry t WHERE t.gateway_id = l.gateway_id AND t.key = l.key)`,
    );
    expect(stale!.bad).toBe(0);

    // Day ages of the demo batches, counted from the day the demo was seeded (placement day = day 0).
    const ages = await q<{ code: string; value: number }>(
      `SELECT g.code, l.value FROM telemetry_latest l JOIN gateways g ON g.id = l.gateway_id WHERE l.key = 'dayAge.1' ORDER BY g.code`,
    );
    expect(ages.map((a) => [a.code, Number(a.value)])).toEqual([
      ['fs-demo01', 9],
      ['fs-demo02', 20],
      ['fs-demo03', 50],
      ['fs-demo04', 29],
      ['fs-demo05', 11],
      ['fs-demo06', 250],
    ]);
    const keys = await q<{ key: string }>(
      `SELECT DISTINCT key FROM telemetry_latest l JOIN gateways g ON g.id = l.gateway_id WHERE g.code = 'fs-demo04' ORDER BY key`,
    );
    expect(keys.map((k) => k.key)).toEqual(
      expect.arrayContaining([
        'temp.1',
        'temp.4',
        'rh.1',
        'co2.1',
        'nh3.1',
        'outTemp.1',
        'targetTemp.1',
        'fan.6',
        'heater.2',
        'water.1',
        'elec.1',
      ]),
    );
    const [status] = await q<{ n: number }>('SELECT count(*)::int AS n FROM gateway_status');
    expect(status!.n).toBe(6);
    const [events] = await q<{ off: number; on: number }>(
      'SELECT count(*) FILTER (WHERE NOT online)::int AS off, count(*) FILTER (WHERE online)::int AS on FROM gateway_status_events',
    );
    expect(events!.off).toBe(r!.outages);
    expect(events!.on).toBeGreaterThanOrEqual(events!.off - 6);

    expect(await seedHistory(ctx.database, { days: 2, now })).toBeNull();
  });

  it('runs the demo gateways live through the embedded broker, meters carrying on from the history', async () => {
    const lastWater = await q<{ id: number; value: number }>(`SELECT gateway_id AS id, value FROM telemetry_latest WHERE key = 'water.1'`);
    link = await startIot(ctx, quietLog, { tcpPort: null });
    const l = link;
    const runner = await startDemoSimulator(ctx.database, { stream: () => l.connectInProcess() }, { intervalS: 0.2, faults: false });
    expect(runner).not.toBeNull();
    try {
      await waitFor(async () => {
        const rows = await q<{ n: number }>('SELECT count(DISTINCT gateway_id)::int AS n FROM telemetry WHERE ts > $1::timestamptz', [
          new Date(historyEnd).toISOString(),
        ]);
        return rows[0]!.n === 6 ? true : undefined;
      }, 20_000);
    } finally {
      await runner!.stop();
    }
    expect(runner!.runner.stats.failed).toBe(0);
    const water = await q<{ id: number; value: number; ts: number }>(
      `SELECT gateway_id AS id, value, (extract(epoch FROM ts) * 1000)::float8 AS ts FROM telemetry_latest WHERE key = 'water.1'`,
    );
    for (const w of water) {
      expect(Number(w.ts)).toBeGreaterThan(historyEnd);
      expect(Number(w.value)).toBeGreaterThanOrEqual(Number(lastWater.find((x) => x.id === w.id)!.value));
    }
  });
});
