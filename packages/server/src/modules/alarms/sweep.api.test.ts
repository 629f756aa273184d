import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRow, Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildPlace, call } from '../../test/factories.js';
import { addGateway, newCode } from '../../iot/testkit.js';
import { enqueueSweep, SWEEP_EVERY_MS } from './jobs.js';

const MIN = 60_000;

/**
 * The sweep job: readings stored but never handed to the subscriber (a restart) are evaluated
 * from the progress mark, once; a silent sensor and an offline gateway raise their alarms and
 * clear them when they are back; each run schedules the next minute's run, once.
 */
describe(`alarm sweep job (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let farm: number;
  let gatewayId: number;

  const alarmsOf = async (q = ''): Promise<AlarmRow[]> =>
    (await call<Page<AlarmRow>>(ctx, token, 'GET', `/api/warning/record/page?farmId=${farm}${q}`)).data.list;
  // One run per minute slot: each call takes a past slot of its own, so it is due and new.
  let slot = Math.floor(Date.now() / SWEEP_EVERY_MS) - 1000;
  const sweep = async (): Promise<void> => {
    await enqueueSweep(ctx.deps, slot++);
    // At least this slot's run (a minute boundary passed meanwhile makes the chain's next one due too).
    expect(await ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
  };
  const at = (ms: number): string => new Date(ms).toISOString();

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const place = await buildPlace(db, 'Sweep', { shedName: 'Finisher 1', shedType: 5 }, { modules: ['pig'] });
    farm = place.farm;
    token = await adminToken(db, place.tenant, 'sw-admin');
    const group = await call<{ id: number }>(ctx, token, 'POST', '/api/warning/ruleGroup', {
      farmId: farm,
      shedType: 5,
      name: 'Finishers',
    });
    const rule = async (over: Record<string, unknown>): Promise<void> => {
      expect(
        (await call(ctx, token, 'POST', '/api/warning/rule', { groupId: group.data.id, level: 1, message: 'Go and look', ...over })).code,
      ).toBe(1);
    };
    await rule({ name: 'NH3 high', kind: 'threshold', property: 'nh3', operator: 'gte', stages: [{ fromDay: 0, toDay: 9999, high: 25 }] });
    await rule({ name: 'Silent thermometer', kind: 'noData', property: 'temp.1', noDataMinutes: 10 });
    await rule({ name: 'Controller offline', kind: 'offline', durationSec: 120 });
    gatewayId = await addGateway(ctx.database, { tenantId: place.tenant, code: newCode('sw'), farmId: farm, shedId: place.shed });
  });
  afterAll(async () => ctx?.close());

  it('evaluates stored readings the subscriber never got, once', async () => {
    const now = Date.now();
    await ctx.database.query(
      `INSERT INTO telemetry (gateway_id, key, ts, value) VALUES ($1, 'nh3.1', $2, 20), ($1, 'nh3.1', $3, 27), ($1, 'nh3.2', $3, 10), ($1, 'nh3.1', $4, 30)`,
      [gatewayId, at(now - 10 * MIN), at(now - 5 * MIN), at(now - 5_000)],
    );
    await sweep();
    let list = await alarmsOf('&kind=threshold');
    expect(list.map((a) => [a.key, a.value, a.peak, a.active, a.startedAt])).toEqual([
      ['nh3.1', 27, 30, true, new Date(at(now - 5 * MIN)).getTime()],
    ]);
    await sweep();
    list = await alarmsOf('&kind=threshold');
    expect(list).toHaveLength(1);
    const [progress] = await ctx.database.query<{ ms: number }>(
      `SELECT extract(epoch FROM last_ts) * 1000 AS ms FROM alarm_progress WHERE gateway_id = $1`,
      [gatewayId],
    );
    expect(Math.round(Number(progress!.ms))).toBe(new Date(at(now - 5_000)).getTime());
  });

  it('raises no data for a sensor silent for its minutes and clears it with a new reading', async () => {
    const last = Date.now() - 25 * MIN;
    await ctx.database.query(
      `INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, 'temp.1', $2, 21), ($1, 'temp.2', $2, 21)`,
      [gatewayId, at(last)],
    );
    await sweep();
    const [silent] = await alarmsOf('&kind=noData');
    // Only temp.1 is watched; the alarm starts when the silence reached ten minutes.
    expect([silent?.key, silent?.active, silent?.startedAt]).toEqual(['temp.1', true, new Date(at(last + 10 * MIN)).getTime()]);
    await sweep();
    expect(await alarmsOf('&kind=noData')).toHaveLength(1);
    await ctx.database.query(`UPDATE telemetry_latest SET ts = now() WHERE gateway_id = $1 AND key = 'temp.1'`, [gatewayId]);
    await sweep();
    expect((await alarmsOf('&kind=noData')).map((a) => a.active)).toEqual([false]);
  });

  it('raises offline after its duration and clears it when the gateway is back', async () => {
    const since = Date.now() - MIN;
    await ctx.database.query(`INSERT INTO gateway_status (gateway_id, online, since, last_seen_at) VALUES ($1, false, $2, $2)`, [
      gatewayId,
      at(since),
    ]);
    await sweep();
    expect(await alarmsOf('&kind=offline')).toEqual([]);
    await ctx.database.query(`UPDATE gateway_status SET since = $2 WHERE gateway_id = $1`, [gatewayId, at(since - 5 * MIN)]);
    await sweep();
    const [off] = await alarmsOf('&kind=offline');
    expect([off?.key, off?.active, off?.startedAt]).toEqual(['offline', true, new Date(at(since - 3 * MIN)).getTime()]);
    await ctx.database.query(`UPDATE gateway_status SET online = true, since = now() WHERE gateway_id = $1`, [gatewayId]);
    await sweep();
    expect((await alarmsOf('&kind=offline')).map((a) => a.active)).toEqual([false]);
  });

  it('keeps one chain: a slot enqueued twice runs once, and one next run waits', async () => {
    const now = Math.floor(Date.now() / SWEEP_EVERY_MS);
    await enqueueSweep(ctx.deps, now);
    await enqueueSweep(ctx.deps, now);
    await ctx.jobs.runDue();
    const rows = await ctx.database.query<{ key: string; state: string }>(
      `SELECT key, state FROM jobs WHERE name = 'alarms.sweep' ORDER BY id`,
    );
    expect(rows.filter((r) => r.key === `sweep-${now}`).map((r) => r.state)).toEqual(['done']);
    // Every run so far (the tests above, from other slots) enqueued the same next slot: one is left.
    const queued = rows.filter((r) => r.state === 'queued');
    expect(queued).toHaveLength(1);
    expect(Number(queued[0]!.key.slice('sweep-'.length))).toBeGreaterThan(now);
  });
});
