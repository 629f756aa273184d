import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type FeedAlarmRow, type FeedRecordRow, type Page, dayRange, farmDay } from '@farmsense/shared';
import { telemetryDaily } from '../telemetry/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { readSheet } from '../../test/xlsx-reader.js';
import { feederHouse, type FeederSet } from './feeding.fixtures.js';

const RECORDS = '/api/feeding/records/feeding';
const NOT_EATING = '/api/feeding/alarms/notEating';
const ZONE = 'Asia/Shanghai';

describe(`feeding records and the not-eating list (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  let penIds: number[];
  let set: FeederSet;
  const tok: Record<string, string> = {};
  const today = farmDay(new Date(), ZONE);
  const d1 = addDays(today, -1);
  const d2 = addDays(d1, -1);
  const d3 = addDays(d2, -1);

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const h = await feederHouse(ctx, { name: 'Records', prefix: 'rc', house: 'Farrowing R', code: 'fs-fdrec1', feeders: [0, 1] });
    ({ farm, set } = h);
    penIds = h.pens;
    Object.assign(tok, h.tok);
    const [a, b] = set.feeders as [number, number];
    // Feeder a ate every day; feeder b ate on d3, left most of her feed on d2 and d1 and reports not eating today.
    const day = (feeder: number, d: string, planned: number, fed: number, state: number) =>
      [
        ['feederRation', planned],
        ['feederFeed', fed],
        ['feederState', state],
      ].map(([key, v]) => ({
        gatewayId: set.gatewayId,
        key: `${key}.${feeder}`,
        bucket: dayRange(d, ZONE).start,
        min: 0,
        max: v as number,
        sum: v as number,
        count: 1,
      }));
    await db
      .insert(telemetryDaily)
      .values([
        ...day(a, d3, 6000, 6100, 0),
        ...day(a, d2, 6000, 5900, 0),
        ...day(a, d1, 6000, 6050, 1),
        ...day(a, today, 6000, 2000, 1),
        ...day(b, d3, 6000, 5800, 0),
        ...day(b, d2, 6000, 1200, 0),
        ...day(b, d1, 6000, 300, 2),
        ...day(b, today, 6000, 100, 2),
      ]);
  });
  afterAll(async () => ctx?.close());

  const range = `startTime=${dayRange(d3, ZONE).start.getTime()}&endTime=${Date.now()}`;

  it('lists per feeder and day the planned and dispensed g, the share and whether the sow ate, newest day first and paged', async () => {
    const r = await call<Page<FeedRecordRow>>(ctx, tok['rc-admin']!, 'GET', `${RECORDS}?farmId=${farm}&${range}&pageSize=3`);
    expect(r.code).toBe(1);
    expect(r.data.total).toBe(8);
    expect(r.data.list.map((x) => [x.day, x.penColumn, x.planned, x.dispensed, x.share, x.ate])).toEqual([
      [today, 1, 6000, 2000, 33.3, true],
      [today, 2, 6000, 100, 1.7, false],
      [d1, 1, 6000, 6050, 100.8, true],
    ]);
    const p3 = await call<Page<FeedRecordRow>>(ctx, tok['rc-admin']!, 'GET', `${RECORDS}?farmId=${farm}&${range}&pageSize=3&pageNo=3`);
    expect(p3.data.list.map((x) => [x.day, x.penColumn, x.ate])).toEqual([
      [d3, 1, true],
      [d3, 2, true],
    ]);
    const pen2 = await call<Page<FeedRecordRow>>(ctx, tok['rc-admin']!, 'GET', `${RECORDS}?farmId=${farm}&penId=${penIds[1]}&${range}`);
    expect(pen2.data.list.map((x) => [x.day, x.ate])).toEqual([
      [today, false],
      [d1, false],
      [d2, false],
      [d3, true],
    ]);
  });

  it('refuses a range over 30 days and exports the records as an Excel sheet', async () => {
    const long = await call(
      ctx,
      tok['rc-admin']!,
      'GET',
      `${RECORDS}?farmId=${farm}&startTime=${Date.now() - 40 * 86_400_000}&endTime=${Date.now()}`,
    );
    expect(long.code).not.toBe(1);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${RECORDS}/export?farmId=${farm}&${range}`,
      headers: { token: tok['rc-admin']!, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['Day', 'House', 'Pen', 'Feeder', 'Planned (g)', 'Dispensed (g)', 'Of plan (%)', 'State']);
    expect(sheet).toHaveLength(9);
    expect(sheet[2]!.slice(4)).toEqual(['6000', '100', '1.7', 'Did not eat']);
  });

  it('lists the sows that did not eat today or yesterday with both days and since when', async () => {
    const r = await call<{ today: string; yesterday: string; minShare: number; list: FeedAlarmRow[] }>(
      ctx,
      tok['rc-admin']!,
      'GET',
      `${NOT_EATING}?farmId=${farm}`,
    );
    expect(r.code).toBe(1);
    expect([r.data.today, r.data.yesterday, r.data.minShare]).toEqual([today, d1, 80]);
    expect(r.data.list).toHaveLength(1);
    const [row] = r.data.list;
    expect(row).toMatchObject({
      penColumn: 2,
      feederId: set.feeders[1],
      today: { planned: 6000, dispensed: 100, ate: false },
      yesterday: { planned: 6000, dispensed: 300, ate: false },
      since: d2,
      days: 3,
    });
    // At 10 % d2 (1200 of 6000 g) counts as eaten: the run starts yesterday.
    const low = await call<{ list: FeedAlarmRow[] }>(ctx, tok['rc-admin']!, 'GET', `${NOT_EATING}?farmId=${farm}&minShare=10`);
    expect(low.data.list.map((x) => [x.since, x.days])).toEqual([[d1, 2]]);
  });

  it("answers 10007 for another tenant's farm", async () => {
    expect((await call(ctx, tok['rc-other']!, 'GET', `${RECORDS}?farmId=${farm}&${range}`)).code).toBe(10007);
    expect((await call(ctx, tok['rc-other']!, 'GET', `${NOT_EATING}?farmId=${farm}`)).code).toBe(10007);
  });
});
