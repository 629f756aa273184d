import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type AlarmRow, type FeedAlarmRow, FEEDER_STATE, type Page, dayRange, farmDay } from '@farmsense/shared';
import { telemetryDaily } from '../telemetry/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildPens, buildPlace, call } from '../../test/factories.js';
import { buildFeeders, type FeederSet } from './feeding.fixtures.js';
import { enqueueFeedAlarms, FEED_ALARM_EVERY_MIN, judgeFarm } from './feed-alarms.js';
import { feederFaults } from './fault-ingest.js';

const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;
const SLOT_MS = FEED_ALARM_EVERY_MIN * 60_000;

/**
 * Feed alarms through the alarm system: the morning run raises one not-eaten alarm per feeder
 * that did not eat (a low finished day, a refusal; a fault state is no refusal) and one silo gap
 * per house beyond the tolerance; judging again raises nothing twice; eating clears, refusing
 * again the next day moves the alarm to that day. Feeder faults come from the ingest hook and
 * clear with a working state; a push strategy that takes the kind plans a message. Another
 * tenant sees none of it, and its gateway cannot name our feeders.
 */
describe(`feed alarms (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tenant: number;
  let farm: number;
  let shed: number;
  let set: FeederSet;
  let otherGateway: number;
  const tok: Record<string, string> = {};
  // The job's "today" is the real yesterday (its 06:00 is always past), its "yesterday" the day before.
  const dayD = addDays(farmDay(new Date(), ZONE), -1);
  const dayP = addDays(dayD, -1);
  const morning = dayRange(dayD, ZONE).start.getTime() + 6 * HOUR;

  const alarmsOf = async (q: string, who = 'fa-admin'): Promise<AlarmRow[]> =>
    (await call<Page<AlarmRow>>(ctx, tok[who]!, 'GET', `/api/warning/record/page?pageSize=50&${q}`)).data.list;
  const brief = (list: AlarmRow[]) => list.map((a) => [a.key, a.active]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const daily = (feeder: number, day: string, planned: number, dispensed: number, state: number) =>
    (
      [
        ['feederRation', planned],
        ['feederFeed', dispensed],
        ['feederState', state],
      ] as const
    ).map(([key, v]) => ({
      gatewayId: set.gatewayId,
      key: `${key}.${feeder}`,
      bucket: dayRange(day, ZONE).start,
      min: 0,
      max: v,
      sum: v,
      count: 1,
    }));
  const judge = async (at: number, gaps = false) => {
    const events = await ctx.database.db.transaction(async (tx) =>
      judgeFarm(tx, ctx.deps, { id: farm, tenantId: tenant, timeZone: ZONE }, at, { gaps }),
    );
    return events.map((e) => e.change);
  };
  const report = (gatewayId: number, code: string, values: Record<string, number>) =>
    feederFaults.onCommitted(
      {
        messages: [
          {
            device: { id: gatewayId, code, tenantId: tenant, farmId: farm, shedId: shed, checkCode: '', enabled: true, timeZone: ZONE },
            ts: Date.now(),
            values,
          },
        ],
        readings: Object.keys(values).length,
      },
      ctx.deps,
    );

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    ({ tenant, farm, shed } = await buildPlace(db, 'Feed Alarm', { shedName: 'Farrowing 1', shedType: 2 }, { modules: ['pig'] }));
    const penIds = await buildPens(
      db,
      tenant,
      [1, 2, 3, 4].map((field) => ({ shedId: shed, field })),
    );
    set = await buildFeeders(ctx.database, { tenantId: tenant, farmId: farm, shedId: shed, code: 'fs-fa', pens: penIds });
    tok['fa-admin'] = await adminToken(db, tenant, 'fa-admin');
    const other = await buildPlace(db, 'Feed Alarm Other', { shedName: 'Other 1', shedType: 2 }, { modules: ['pig'] });
    const otherPens = await buildPens(db, other.tenant, [{ shedId: other.shed }]);
    otherGateway = (
      await buildFeeders(ctx.database, { tenantId: other.tenant, farmId: other.farm, shedId: other.shed, code: 'fs-fa-o', pens: otherPens })
    ).gatewayId;
    tok['fa-other'] = await adminToken(db, other.tenant, 'fa-other');
    const [f0, f1, f2, f3] = set.feeders as [number, number, number, number];
    await db.insert(telemetryDaily).values([
      // The day before: f0 ate a sixth of her plan, f1 refused, f2 ate, f3 ate but reported an empty hopper.
      ...daily(f0, dayP, 6000, 1000, FEEDER_STATE.feeding),
      ...daily(f1, dayP, 6000, 5000, FEEDER_STATE.notEating),
      ...daily(f2, dayP, 6000, 6000, FEEDER_STATE.feeding),
      ...daily(f3, dayP, 6000, 6000, FEEDER_STATE.emptyHopper),
    ]);
    // The house's silo used 20 kg that day for 18 kg dispensed: 11.1 %, beyond the 5 % tolerance.
    const silo = await call<{ id: number }>(ctx, tok['fa-admin']!, 'POST', '/api/breedpigbuilding/breedWeightFodder/silo', {
      farmId: farm,
      name: 'Silo F1',
      capacityKg: 10_000,
      shedIds: [shed],
    });
    expect(silo.code).toBe(1);
    await ctx.database.query(
      `INSERT INTO silo_daily (silo_id, day, tenant_id, farm_id, consumed_kg, delivered_kg, deliveries) VALUES ($1, $2, $3, $4, 20, 0, 0)`,
      [silo.data.id, dayP, tenant, farm],
    );
  });
  afterAll(async () => ctx?.close());

  it('raises nothing in a quarter hour without the morning or a meal end', async () => {
    await enqueueFeedAlarms(ctx.deps, Math.floor((morning - 2 * HOUR) / SLOT_MS));
    await ctx.jobs.runDue();
    expect(await alarmsOf(`farmId=${farm}&kind=notEaten`)).toEqual([]);
  });

  it('raises the not eaten and silo gap alarms from the morning run, once', async () => {
    const [f0, f1] = set.feeders;
    await enqueueFeedAlarms(ctx.deps, Math.floor(morning / SLOT_MS));
    await ctx.jobs.runDue();
    const eaten = await alarmsOf(`farmId=${farm}&kind=notEaten`);
    expect(brief(eaten)).toEqual([
      [`feeder.${f0}.${dayP}`, true],
      [`feeder.${f1}.${dayP}`, true],
    ]);
    expect(eaten.map((a) => [a.ruleId, a.level, a.shedId, a.gatewayCode])).toEqual([
      [null, 2, shed, 'fs-fa'],
      [null, 2, shed, 'fs-fa'],
    ]);
    const [gap] = await alarmsOf(`farmId=${farm}&kind=siloGap`);
    expect([gap?.key, gap?.ruleName, gap?.value, gap?.active]).toEqual([`reconcile.${dayP}`, 'Farrowing 1', 11.1, true]);
    // Judged again (a meal end, another process): nothing new.
    expect(await judge(morning + HOUR, true)).toEqual([]);
    expect(await alarmsOf(`farmId=${farm}&kind=notEaten`)).toHaveLength(2);
    expect(await alarmsOf(`farmId=${farm}&kind=siloGap`)).toHaveLength(1);
  });

  it('clears the alarm of a sow that eats and moves a refusal to the new day', async () => {
    const [f0, f1] = set.feeders as [number, number];
    await ctx.database.db
      .insert(telemetryDaily)
      .values([...daily(f0, dayD, 6000, 2000, FEEDER_STATE.feeding), ...daily(f1, dayD, 6000, 300, FEEDER_STATE.notEating)]);
    expect((await judge(morning + 4 * HOUR)).sort()).toEqual(['cleared', 'cleared', 'raised']);
    expect(brief(await alarmsOf(`farmId=${farm}&kind=notEaten`))).toEqual([
      [`feeder.${f0}.${dayP}`, false],
      [`feeder.${f1}.${dayP}`, false],
      [`feeder.${f1}.${dayD}`, true],
    ]);
  });

  it('shows each listed sow her alarm state on the not eating list', async () => {
    // The list is of the real today and yesterday (the job's "today"): feeder 2's sow refused that day and
    // is in alarm; feeder 1's ate a third of her plan, which the next morning's run judges (no alarm yet).
    const [f0, f1] = set.feeders as [number, number];
    const answer = await call<{ list: FeedAlarmRow[] }>(ctx, tok['fa-admin']!, 'GET', `/api/feeding/alarms/notEating?farmId=${farm}`);
    const byFeeder = new Map(answer.data.list.map((r) => [r.feederId, r]));
    expect(byFeeder.get(f1)?.alarm?.state).toBe('activeUnacknowledged');
    expect(byFeeder.get(f0)?.alarm).toBeNull();
  });

  it('raises a feeder fault from its report, once, and clears it when the feeder works again', async () => {
    const f2 = set.feeders[2]!;
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f2}`]: FEEDER_STATE.blockedAuger, [`feederFeed.${f2}`]: 100 });
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f2}`]: FEEDER_STATE.blockedAuger });
    let faults = await alarmsOf(`farmId=${farm}&kind=feederFault`);
    expect(faults.map((a) => [a.key, a.value, a.level, a.active, a.ruleName])).toEqual([[`feeder.${f2}`, 3, 1, true, '003 Feeder 3']]);
    // Acknowledged like any alarm.
    const ack = await call<{ acknowledged: number }>(ctx, tok['fa-admin']!, 'POST', '/api/warning/record/ack', { ids: [faults[0]!.id] });
    expect(ack.data.acknowledged).toBe(1);
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f2}`]: FEEDER_STATE.idle });
    faults = await alarmsOf(`farmId=${farm}&kind=feederFault`);
    expect(faults.map((a) => [a.active, a.acknowledged, a.state])).toEqual([[false, true, 'cleared']]);
  });

  it('raises an empty hopper with its state, follows it to a motor fault, and clears it on a sow that does not eat', async () => {
    const f1 = set.feeders[1]!;
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f1}`]: FEEDER_STATE.emptyHopper });
    const live = async () =>
      (await alarmsOf(`farmId=${farm}&kind=feederFault`)).filter((a) => a.key === `feeder.${f1}`).map((a) => [a.value, a.active]);
    expect(await live()).toEqual([[4, true]]);
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f1}`]: FEEDER_STATE.motorFault });
    expect((await live()).filter(([, active]) => active)).toHaveLength(1);
    // State 2 is a working feeder (the sow left her ration): the fault is over.
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f1}`]: FEEDER_STATE.notEating });
    expect((await live()).filter(([, active]) => active)).toEqual([]);
  });

  it('pushes a feed alarm under a strategy that takes its kind', async () => {
    const admin = await ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE account_code = 'fa-admin'`);
    const added = await call(ctx, tok['fa-admin']!, 'POST', '/api/warning/push/strategy', {
      farmId: farm,
      name: 'Feeding',
      levels: [1, 2, 3],
      kinds: ['feederFault'],
      accountIds: [admin[0]!.id],
      language: 'en-us',
      methods: ['email'],
      intervalMinutes: 30,
      sendDelaySec: 0,
    });
    expect(added.code).toBe(1);
    const f3 = set.feeders[3]!;
    await report(set.gatewayId, 'fs-fa', { [`feederState.${f3}`]: FEEDER_STATE.motorFault });
    const [fault] = await alarmsOf(`farmId=${farm}&kind=feederFault&state=active`);
    const episodes = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_episodes WHERE farm_id = $1 AND alarm_ids @> $2::jsonb`,
      [farm, JSON.stringify([fault!.id])],
    );
    expect(episodes[0]!.n).toBe(1);
  });

  it('keeps another tenant out: its account sees none, its gateway names none of our feeders', async () => {
    const f0 = set.feeders[0]!;
    await report(otherGateway, 'fs-fa-o', { [`feederState.${f0}`]: FEEDER_STATE.emptyHopper });
    expect(await alarmsOf(`kind=feederFault&state=active`)).toHaveLength(1);
    expect(await alarmsOf('kind=notEaten', 'fa-other')).toEqual([]);
    expect(await alarmsOf('kind=feederFault', 'fa-other')).toEqual([]);
    expect((await call(ctx, tok['fa-other']!, 'GET', `/api/warning/record/page?farmId=${farm}`)).code).toBe(10007);
  });
});
