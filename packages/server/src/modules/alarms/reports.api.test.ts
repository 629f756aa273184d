import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType, type AlarmAnalysis, type AlarmRank, type AlarmRow, type Page } from '@farmsense/shared';
import { farms } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { readSheet, serialToText } from '../../test/xlsx-reader.js';
import { alarms } from './tables.js';

const REPORT = '/api/warning/report';
/** A moment of the farm's calendar (Asia/Bangkok, UTC+7, no daylight saving): 2026-03-(10 + day) hh:mm. */
const local = (h: number, m = 0, day = 0): Date => new Date(Date.UTC(2026, 2, 10 + day, h - 7, m));

/**
 * The alarm reports on a small fixture whose figures are worked out by hand. Tuesday 2026-03-10
 * on a farm in Bangkok; gateway G1 in shed A, G2 in shed B:
 * - a1 G1 "Hot" high   08:00–08:30, acknowledged 08:10 (10 min)
 * - a2 G1 "Hot" high   09:00–10:00, acknowledged 09:30 (30 min)
 * - a3 G2 "Down" medium 23:30–00:30 the next day, never acknowledged
 * - a4 G2 deleted rule "Old" (no data) low, Monday 22:00 – Tuesday 01:00, acknowledged 22:20
 * - a5 G1 "Hot" high   Wednesday 02:00–02:30, acknowledged 02:05
 */
describe(`alarm reports (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let otherTenantFarm: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Alarm Reports', ['pig']);
    farm = await buildFarm(db, tenant, 'Report Farm', 1);
    await db.update(farms).set({ timeZone: 'Asia/Bangkok' }).where(eq(farms.id, farm));
    const shedA = await buildShed(db, tenant, farm, { shedName: 'Shed A', shedType: 3 });
    const shedB = await buildShed(db, tenant, farm, { shedName: 'Shed B', shedType: 3 });
    await buildAccount(db, { tenantId: tenant, accountCode: 'rep-admin', accountType: AccountType.TENANT_ADMIN });
    const dayOnly = await buildRole(db, tenant, 'Day analysis', [{ code: 'reports.env-alerts-analysis.day', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'rep-day', farmIds: [farm], roleIds: [dayOnly] });
    const second = await buildTenant(db, 'Reports Elsewhere', ['pig']);
    otherTenantFarm = await buildFarm(db, second, 'Elsewhere', 1);
    for (const a of ['rep-admin', 'rep-day']) tok[a] = await tokenFor(db, a);

    const group = await call<{ id: number }>(ctx, tok['rep-admin']!, 'POST', '/api/warning/ruleGroup', {
      farmId: farm,
      shedType: 3,
      name: 'Sows',
    });
    const hot = await call<{ id: number }>(ctx, tok['rep-admin']!, 'POST', '/api/warning/rule', {
      groupId: group.data.id,
      name: 'Hot',
      level: 1,
      message: 'Hot',
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      stages: [{ fromDay: 0, toDay: 9999, high: 30 }],
    });
    const down = await call<{ id: number }>(ctx, tok['rep-admin']!, 'POST', '/api/warning/rule', {
      groupId: group.data.id,
      name: 'Down',
      level: 2,
      message: 'Down',
      kind: 'offline',
    });
    ids.hot = hot.data.id;
    ids.down = down.data.id;
    const base = { tenantId: tenant, farmId: farm, message: 'm', active: false };
    const g1 = { shedId: shedA, gatewayId: 901, gatewayCode: 'G1', ruleId: ids.hot, ruleName: 'Hot', kind: 'threshold', level: 1 };
    const g2 = { shedId: shedB, gatewayId: 902, gatewayCode: 'G2' };
    await db.insert(alarms).values([
      { ...base, ...g1, key: 'temp.1', startedAt: local(8), endedAt: local(8, 30), acknowledged: true, ackAt: local(8, 10) },
      { ...base, ...g1, key: 'temp.1', startedAt: local(9), endedAt: local(10), acknowledged: true, ackAt: local(9, 30) },
      {
        ...base,
        ...g2,
        ruleId: ids.down,
        ruleName: 'Down',
        kind: 'offline',
        level: 2,
        key: 'offline',
        startedAt: local(23, 30),
        endedAt: local(0, 30, 1),
      },
      {
        ...base,
        ...g2,
        ruleId: null,
        ruleName: 'Old',
        kind: 'noData',
        level: 3,
        key: 'rh.1',
        startedAt: local(22, 0, -1),
        endedAt: local(1),
        acknowledged: true,
        ackAt: local(22, 20, -1),
      },
      { ...base, ...g1, key: 'temp.2', startedAt: local(2, 0, 1), endedAt: local(2, 30, 1), acknowledged: true, ackAt: local(2, 5, 1) },
    ]);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const analysis = async (q: string, who = 'rep-admin') =>
    call<AlarmAnalysis>(ctx, tok[who]!, 'GET', `${REPORT}/analysis?farmId=${farm}&${q}`);

  it("adds up a farm's day: counts by level, kind, shed and hour, time in alarm clipped to the day, mean time to acknowledge", async () => {
    const res = await analysis('period=day&day=2026-03-10');
    expect(res.code).toBe(1);
    const a = res.data;
    expect([a.from, a.to]).toEqual([local(0).getTime(), local(0, 0, 1).getTime()]);
    // Raised that day: a1, a2 (high), a3 (medium); a4 was raised the day before.
    expect({ count: a.count, high: a.high, medium: a.medium, low: a.low, acknowledged: a.acknowledged }).toEqual({
      count: 3,
      high: 2,
      medium: 1,
      low: 0,
      acknowledged: 2,
    });
    // (10 + 30) / 2 minutes.
    expect(a.mttaSec).toBe(1200);
    // a1 30 min + a2 60 + a3 30 (to midnight) + a4 60 (midnight to 01:00) = 3 h.
    expect(a.alarmSec).toBe(10_800);
    expect(a.byKind).toEqual([
      { kind: 'threshold', count: 2 },
      { kind: 'offline', count: 1 },
    ]);
    expect(a.sheds.map((s) => [s.shedName, s.count, s.alarmSec, s.mttaSec])).toEqual([
      ['Shed A', 2, 5400, 1200],
      ['Shed B', 1, 5400, null],
    ]);
    expect(a.buckets).toHaveLength(24);
    expect(a.buckets.flatMap((b, h) => (b.count ? [[h, b.count, b.high, b.medium]] : []))).toEqual([
      [8, 1, 1, 0],
      [9, 1, 1, 0],
      [23, 1, 0, 1],
    ]);
  });

  it('adds up the Monday-to-Sunday week of a day, by day', async () => {
    const a = (await analysis('period=week&day=2026-03-12')).data;
    expect([a.from, a.to]).toEqual([local(0, 0, -1).getTime(), local(0, 0, 6).getTime()]);
    expect({ count: a.count, high: a.high, medium: a.medium, low: a.low }).toEqual({ count: 5, high: 3, medium: 1, low: 1 });
    // (10 + 30 + 20 + 5) / 4 minutes.
    expect(a.mttaSec).toBe(975);
    // 30 + 60 + 60 + 180 + 30 minutes.
    expect(a.alarmSec).toBe(21_600);
    expect(a.buckets.map((b) => b.count)).toEqual([1, 3, 1, 0, 0, 0, 0]);
    expect(a.buckets[0]!.start).toBe(local(0, 0, -1).getTime());
  });

  it('adds up the calendar month, one bucket a day', async () => {
    const a = (await analysis('period=month&day=2026-03-01')).data;
    expect(a.buckets).toHaveLength(31);
    expect(a.count).toBe(5);
    expect(a.buckets[9]!.count).toBe(3);
  });

  it('ranks gateways and rules by the alarms they raised in a range; time in alarm counts what overlaps it', async () => {
    const res = await call<AlarmRank>(
      ctx,
      tok['rep-admin']!,
      'GET',
      `${REPORT}/rank?farmId=${farm}&startTime=${local(0).getTime()}&endTime=${local(0, 0, 2).getTime()}`,
    );
    expect(res.code).toBe(1);
    const r = res.data;
    expect(r.total).toBe(4);
    expect(r.gateways.map((g) => [g.gatewayCode, g.shedName, g.count, g.high, g.alarmSec, g.mttaSec])).toEqual([
      // a1, a2, a5: 30 + 60 + 30 min; (10 + 30 + 5) / 3 min.
      ['G1', 'Shed A', 3, 3, 7200, 900],
      // a3 60 min and a4's hour after midnight; nothing acknowledged.
      ['G2', 'Shed B', 1, 0, 7200, null],
    ]);
    expect(r.gateways[0]!.lastAt).toBe(local(2, 0, 1).getTime());
    // The deleted rule raised nothing in the range: it is not ranked.
    expect(r.rules.map((x) => [x.ruleId, x.ruleName, x.kind, x.count, x.gateways, x.alarmSec, x.mttaSec])).toEqual([
      [ids.hot, 'Hot', 'threshold', 3, 1, 7200, 900],
      [ids.down, 'Down', 'offline', 1, 1, 3600, null],
    ]);
    const top1 = await call<AlarmRank>(
      ctx,
      tok['rep-admin']!,
      'GET',
      `${REPORT}/rank?farmId=${farm}&startTime=${local(0).getTime()}&endTime=${local(0, 0, 2).getTime()}&top=1`,
    );
    expect(top1.data.gateways.map((g) => g.gatewayCode)).toEqual(['G1']);
  });

  it('exports the ranking and the history as Excel in the farm time zone and the reader language', async () => {
    const range = `startTime=${local(0).getTime()}&endTime=${local(0, 0, 2).getTime()}`;
    const rank = await ctx.app.inject({
      method: 'GET',
      url: `${REPORT}/rank/export?farmId=${farm}&${range}&by=gateway`,
      headers: { token: tok['rep-admin']!, 'accept-language': 'en-US' },
    });
    expect(rank.statusCode).toBe(200);
    const rows = readSheet(rank.rawPayload);
    expect(rows[0]).toEqual([
      'Rank',
      'Gateway',
      'Shed',
      'Alarms',
      'High',
      'Medium',
      'Low',
      'Time in alarm (h)',
      'Mean time to acknowledge (min)',
      'Last alarm (Asia/Bangkok)',
    ]);
    expect([...rows[1]!.slice(0, 9), serialToText(rows[1]![9]!)]).toEqual([
      '1',
      'G1',
      'Shed A',
      '3',
      '3',
      '0',
      '0',
      '2',
      '15',
      '2026-03-11 02:00:00',
    ]);

    const his = await ctx.app.inject({
      method: 'GET',
      url: `${REPORT}/history/export?farmId=${farm}&${range}`,
      headers: { token: tok['rep-admin']!, 'accept-language': 'en-US' },
    });
    expect(his.statusCode).toBe(200);
    const h = readSheet(his.rawPayload);
    expect(h[0]!.slice(0, 10)).toEqual([
      'Level',
      'Farm',
      'Shed',
      'Gateway',
      'Rule',
      'Type',
      'Property',
      'Message',
      'State',
      'Started (Asia/Bangkok)',
    ]);
    // Newest first: a5, a3, a2, a1 (a4 started before the range).
    expect(h).toHaveLength(5);
    expect(h.slice(1).map((r) => serialToText(r[9]!))).toEqual([
      '2026-03-11 02:00:00',
      '2026-03-10 23:30:00',
      '2026-03-10 09:00:00',
      '2026-03-10 08:00:00',
    ]);
    expect(h[4]!.slice(0, 9)).toEqual([
      'High',
      'Report Farm',
      'Shed A',
      'G1',
      'Hot',
      'Limit',
      'Temperature 1',
      'm',
      'Released, acknowledged',
    ]);
    expect(h[4]![11]).toBe('30');

    const page = await call<Page<AlarmRow>>(ctx, tok['rep-admin']!, 'GET', `${REPORT}/history?farmId=${farm}&${range}&level=2`);
    expect(page.data.list.map((x) => x.ruleName)).toEqual(['Down']);
  });

  it('refuses a period tab the account lacks, another tenant farm, and a range over 30 days', async () => {
    expect((await analysis('period=day&day=2026-03-10', 'rep-day')).code).toBe(1);
    expect((await analysis('period=month&day=2026-03-10', 'rep-day')).code).toBe(10009);
    expect((await call(ctx, tok['rep-day']!, 'GET', `${REPORT}/rank?farmId=${farm}&startTime=1&endTime=2`)).code).toBe(10009);
    const other = await call(ctx, tok['rep-admin']!, 'GET', `${REPORT}/analysis?farmId=${otherTenantFarm}&period=day`);
    expect(other.code).toBe(10007);
    const long = await call(
      ctx,
      tok['rep-admin']!,
      'GET',
      `${REPORT}/rank?farmId=${farm}&startTime=${local(0).getTime()}&endTime=${local(0, 0, 31).getTime()}`,
    );
    expect(long.code).toBe(99996);
    const inverted = await call(
      ctx,
      tok['rep-admin']!,
      'GET',
      `${REPORT}/rank?farmId=${farm}&startTime=${local(2).getTime()}&endTime=${local(1).getTime()}`,
    );
    expect(inverted.code).toBe(20027);
    expect((await analysis('period=day&day=2026-02-30')).code).toBe(99996);
  });
});
