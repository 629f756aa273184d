import { describe, expect, it } from 'vitest';
import type { FeedDeviceOption, FeedDeviceRow, Page } from '@farmsense/shared';
import { eq } from 'drizzle-orm';
import { gateways } from '../../db/tables.js';
import { addGateway } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { feedingCalls, withFeedingWorld, type FeedingWorld } from './feeding.fixtures.js';

describe(`feeding devices (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: FeedingWorld;
  const tok: Record<string, string> = {};
  let pen: number;
  let feederMain: number;
  let climate: number;
  let otherMain: number;

  withFeedingWorld(
    {
      name: 'Feeder',
      prefix: 'fd',
      houses: ['Farrowing A', 'Farrowing B'],
      pens: 1,
      limited: { suffix: 'swq', role: 'Feeders only', code: 'device-mng.feed.swq' },
    },
    async (made) => {
      ({ ctx, w } = made);
      [pen] = w.pens as [number];
      Object.assign(tok, w.tok);
      const { db } = ctx.database;
      const { tenant: tenantId, farm, farm2 } = w;
      feederMain = await addGateway(ctx.database, { tenantId, code: 'fs-fdmain1', farmId: farm, shedId: w.shed });
      climate = await addGateway(ctx.database, { tenantId, code: 'fs-fdclim1', farmId: farm, shedId: w.shed });
      otherMain = await addGateway(ctx.database, { tenantId, code: 'fs-fdmain2', farmId: farm2, shedId: w.otherShed });
      await db.update(gateways).set({ gatewayType: 102 }).where(eq(gateways.id, feederMain));
      await db.update(gateways).set({ gatewayType: 102 }).where(eq(gateways.id, otherMain));
    },
  );

  const as = feedingCalls(() => ctx, tok);
  const admin = as('fd-admin');
  const ids: Record<string, number> = {};

  it('builds the hierarchy: a concentrator on a feeder main gateway, a collector on it, a feeder on a pen', async () => {
    const jzq = await admin.post('concentrator', { shedId: w.shed, gatewayId: feederMain, deviceNo: 'J01', name: 'Farrowing A link' });
    expect(jzq.code).toBe(1);
    ids.jzq = jzq.data.id;
    const cjq = await admin.post('collector', { shedId: w.shed, parentId: ids.jzq, deviceNo: '01', name: 'Row 1', baudRate: 19200 });
    expect(cjq.code).toBe(1);
    ids.cjq = cjq.data.id;
    const swq = await admin.post('feeder', {
      shedId: w.shed,
      parentId: ids.cjq,
      penId: pen,
      deviceNo: '001',
      name: 'Crate 1',
      amountPerFeed: 250,
    });
    expect(swq.code).toBe(1);
    ids.swq = swq.data.id;
    const page = await admin.get<Page<FeedDeviceRow>>('concentrator/page');
    expect(page.data.list.map((r) => [r.name, r.gatewayCode, r.childCount, r.online, r.baudRate, r.parity])).toEqual([
      ['Farrowing A link', 'fs-fdmain1', 1, false, 9600, 'none'],
    ]);
    const feeders = await admin.get<Page<FeedDeviceRow>>(`feeder/page?shedId=${w.shed}`);
    expect(feeders.data.list[0]).toMatchObject({
      parentName: 'Row 1',
      gatewayCode: 'fs-fdmain1',
      penColumn: 1,
      amountPerFeed: 250,
      intervalMinutes: 30,
      touchLock: false,
      baudRate: null,
    });
    const options = await admin.get<FeedDeviceOption[]>(`collector/list?shedId=${w.shed}`);
    expect(options.data).toEqual([{ id: ids.cjq, deviceNo: '01', name: 'Row 1' }]);
  });

  it('refuses a climate gateway (20088), a pen of another house (20084), a used number (203339) and limits out of order (99996)', async () => {
    expect((await admin.post('concentrator', { shedId: w.shed, gatewayId: climate, deviceNo: 'J02', name: 'Wrong' })).code).toBe(20088);
    expect((await admin.post('concentrator', { shedId: w.shed, gatewayId: otherMain, deviceNo: 'J02', name: 'Elsewhere' })).code).toBe(
      20088,
    );
    expect((await admin.post('concentrator', { shedId: w.shed, gatewayId: feederMain, deviceNo: 'J02', name: 'Twice' })).code).toBe(203339);
    const taken = await admin.post('collector', { shedId: w.shed, parentId: ids.jzq, deviceNo: '01', name: 'Again' });
    expect([taken.code, taken.data]).toEqual([203339, { field: 'deviceNo' }]);
    const feeder = { shedId: w.shed, parentId: ids.cjq, deviceNo: '002', name: 'Crate 2' };
    expect((await admin.post('feeder', { ...feeder, penId: w.otherPen })).code).toBe(20084);
    const limits = await admin.post('feeder', { ...feeder, penId: pen, tempLow: 30, tempHigh: 20 });
    expect(limits.code).toBe(99996);
    expect((await admin.post('collector', { shedId: w.otherShed, parentId: ids.jzq, deviceNo: '09', name: 'Cross' })).code).toBe(203336);
  });

  it('keeps a concentrator with collectors (20041) and a collector with feeders (20050); deletes bottom up', async () => {
    expect((await admin.del(`concentrator/${ids.jzq}`)).code).toBe(20041);
    expect((await admin.del(`collector/${ids.cjq}`)).code).toBe(20050);
    expect(
      (await admin.put('feeder', { id: ids.swq, shedId: w.shed, parentId: ids.cjq, penId: pen, deviceNo: '001', name: 'Crate 1b' })).code,
    ).toBe(1);
    expect((await admin.get<Page<FeedDeviceRow>>('feeder/page?name=1b')).data.total).toBe(1);
    expect((await admin.del(`feeder/${ids.swq}`)).code).toBe(1);
    expect((await admin.del(`collector/${ids.cjq}`)).code).toBe(1);
    expect((await admin.del(`concentrator/${ids.jzq}`)).code).toBe(1);
    const log = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE detail::text LIKE '%Crate 1b%'`);
    expect(log[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it("answers 203336 for another tenant's or another farm's device and 10009 without the page", async () => {
    const jzq = await admin.post('concentrator', { shedId: w.shed, gatewayId: feederMain, deviceNo: 'J03', name: 'Again' });
    expect((await as('fd-second').del(`concentrator/${jzq.data.id}`)).code).toBe(203336);
    expect((await as('fd-second').get<Page<FeedDeviceRow>>('concentrator/page')).data.total).toBe(0);
    expect((await as('fd-swq').get('concentrator/page')).code).toBe(10009);
    expect((await as('fd-swq').get<Page<FeedDeviceRow>>('feeder/page')).data.total).toBe(0);
    expect((await as('fd-swq').get(`collector/list?shedId=${w.shed}`)).code).toBe(30004);
  });
});
