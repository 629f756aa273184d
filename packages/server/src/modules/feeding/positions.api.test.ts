import { describe, expect, it } from 'vitest';
import type { ColumnAnswer, FeederPlaceRow, Page, PositionRow } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { buildFeeders, FEEDING_API as API, withFeedingWorld, type FeederSet, type FeedingWorld } from './feeding.fixtures.js';

/**
 * The feeder to position relation (/device-mng/feed/swq/relation, codes 20032, 20033, 20086-20091)
 * and the column view (/device-mng/feed/swq/column, 20084, 200331).
 */
describe(`feeder positions (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: FeedingWorld;
  let pen1: number;
  let pen2: number;
  let set: FeederSet;
  let otherSet: FeederSet;
  const pos: Record<number, number> = {};
  let otherPos: number;
  let rackA: number;
  let rackOther: number;

  withFeedingWorld(
    {
      name: 'Place',
      prefix: 'ps',
      houses: ['Farrowing P', 'Farrowing Q'],
      pens: 2,
      limited: { suffix: 'farm2', role: 'Relation only', code: 'device-mng.feed.swq.relation' },
    },
    async (made) => {
      ({ ctx, w } = made);
      [pen1, pen2] = w.pens as [number, number];
      const { tenant: tenantId, farm, farm2 } = w;
      set = await buildFeeders(ctx.database, { tenantId, farmId: farm, shedId: w.shed, code: 'fs-place1', pens: [pen1, pen1, pen2] });
      otherSet = await buildFeeders(ctx.database, { tenantId, farmId: farm2, shedId: w.otherShed, code: 'fs-place2', pens: [w.otherPen] });
      const admin = w.tok['ps-admin']!;
      rackA = (
        await call<{ id: number }>(ctx, admin, 'POST', `${API}/rack`, { shedId: w.shed, penId: pen1, name: 'A', startNo: 1, endNo: 3 })
      ).data.id;
      await call(ctx, admin, 'POST', `${API}/rack`, { shedId: w.shed, penId: pen2, name: 'B', startNo: 4, endNo: 5 });
      rackOther = (
        await call<{ id: number }>(ctx, admin, 'POST', `${API}/rack`, {
          shedId: w.otherShed,
          penId: w.otherPen,
          name: 'Q',
          startNo: 1,
          endNo: 1,
        })
      ).data.id;
      const rows = await ctx.database.query<{ id: number; no: number; shed: number }>(
        'SELECT id, position_no AS no, shed_id AS shed FROM feed_positions ORDER BY id',
      );
      for (const r of rows) if (r.shed === w.shed) pos[r.no] = r.id;
      otherPos = rows.find((r) => r.shed === w.otherShed)!.id;
    },
  );

  const as = (who: string) => ({
    post: (path: string, body: unknown) => call(ctx, w.tok[who]!, 'POST', `${API}/position/${path}`, body),
    get: <T>(path: string) => call<T>(ctx, w.tok[who]!, 'GET', `${API}/position/${path}`),
  });
  const admin = as('ps-admin');
  const feederAt = async (positionId: number) =>
    (await ctx.database.query<{ f: number | null }>('SELECT feeder_id AS f FROM feed_positions WHERE id = $1', [positionId]))[0]!.f;

  it('binds a feeder to an empty position and lists it with its place', async () => {
    expect((await admin.post('bind', { positionId: pos[1], feederId: set.feeders[0] })).code).toBe(1);
    expect(await feederAt(pos[1]!)).toBe(set.feeders[0]);
    const page = await admin.get<Page<PositionRow>>(`page?shedId=${w.shed}&state=bound`);
    expect(page.data.list.map((r) => [r.positionNo, r.rackName, r.feeder?.deviceNo, r.feeder?.collectorName])).toEqual([
      [1, 'A', '001', 'Collector 01'],
    ]);
    expect((await admin.get<Page<PositionRow>>(`page?shedId=${w.shed}&state=empty`)).data.total).toBe(4);
    const places = await admin.get<FeederPlaceRow[]>(`feeders?shedId=${w.shed}`);
    expect(places.data.map((f) => [f.deviceNo, f.positionNo])).toEqual([
      ['001', 1],
      ['002', null],
      ['003', null],
    ]);
  });

  it('keeps one feeder per position and one position per feeder with 20091', async () => {
    const taken = await admin.post('bind', { positionId: pos[1], feederId: set.feeders[1] });
    expect([taken.code, taken.data]).toEqual([20091, { field: 'positionId' }]);
    const twice = await admin.post('bind', { positionId: pos[2], feederId: set.feeders[0] });
    expect([twice.code, twice.data]).toEqual([20091, { field: 'feederId', positionNo: 1 }]);
  });

  it('refuses a missing position (20032), feeder (20088), a parent device (20089) and a feeder of another house (20086)', async () => {
    expect((await admin.post('bind', { positionId: 999999, feederId: set.feeders[1] })).code).toBe(20032);
    expect((await admin.post('bind', { positionId: pos[2], feederId: 999999 })).code).toBe(20088);
    expect((await admin.post('bind', { positionId: pos[2], feederId: set.collector })).code).toBe(20089);
    expect((await admin.post('bind', { positionId: pos[2], feederId: otherSet.feeders[0] })).code).toBe(20086);
    expect((await admin.post('move', { positionId: pos[1], toPositionId: otherPos })).code).toBe(20086);
  });

  it('moves a feeder to an empty position of another pen and the feeder goes to that pen', async () => {
    expect((await admin.post('bind', { positionId: pos[4], feederId: set.feeders[2] })).code).toBe(1);
    expect((await admin.post('move', { positionId: pos[1], toPositionId: pos[4] })).code).toBe(20091);
    expect((await admin.post('move', { positionId: pos[2], toPositionId: pos[5] })).code).toBe(20033);
    expect((await admin.post('move', { positionId: pos[1], toPositionId: 999999 })).code).toBe(20032);
    expect((await admin.post('move', { positionId: pos[1], toPositionId: pos[5] })).code).toBe(1);
    expect([await feederAt(pos[1]!), await feederAt(pos[5]!)]).toEqual([null, set.feeders[0]]);
    const [f] = await ctx.database.query<{ pen: number }>('SELECT pen_id AS pen FROM feed_devices WHERE id = $1', [set.feeders[0]]);
    expect(f!.pen).toBe(pen2);
  });

  it('unbinds the named feeder: an empty position is 20033, another feeder there 20090', async () => {
    expect((await admin.post('unbind', { positionId: pos[2], feederId: set.feeders[0] })).code).toBe(20033);
    expect((await admin.post('unbind', { positionId: pos[5], feederId: set.feeders[2] })).code).toBe(20090);
    expect(await feederAt(pos[5]!)).toBe(set.feeders[0]);
    expect((await admin.post('unbind', { positionId: pos[5], feederId: set.feeders[0] })).code).toBe(1);
    expect(await feederAt(pos[5]!)).toBeNull();
    const log = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE detail::text LIKE '%positionNo%'`);
    expect(log[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('renames a feeder; a name of another feeder of the house is 20087', async () => {
    const dup = await admin.post('rename', { feederId: set.feeders[0], name: 'Feeder 2' });
    expect([dup.code, dup.data]).toEqual([20087, { field: 'name' }]);
    expect((await admin.post('rename', { feederId: set.feeders[0], name: 'Crate 1' })).code).toBe(1);
    // The name of a feeder of another house is free.
    expect((await admin.post('rename', { feederId: otherSet.feeders[0], name: 'Crate 1' })).code).toBe(1);
    expect((await admin.post('rename', { feederId: set.collector, name: 'X' })).code).toBe(20089);
  });

  it('shows the column view per pen with racks, positions and unplaced feeders; 20084 and 200331 for a pen or rack elsewhere', async () => {
    const view = await as('ps-admin').get<ColumnAnswer>(`columns?shedId=${w.shed}`);
    expect(view.code).toBe(1);
    expect(view.data).toMatchObject({ shedName: 'Farrowing P', positions: 5, bound: 1, unplaced: 2 });
    const [p1, p2] = view.data.pens;
    expect(p1!.racks.map((r) => [r.name, r.positions.map((p) => p.positionNo)])).toEqual([['A', [1, 2, 3]]]);
    expect(p1!.unplaced.map((f) => f.deviceNo)).toEqual(['002']);
    expect(p2!.racks[0]!.positions.map((p) => p.feeder?.deviceNo ?? null)).toEqual(['003', null]);
    expect(p2!.unplaced.map((f) => f.name)).toEqual(['Crate 1']);
    const one = await admin.get<ColumnAnswer>(`columns?shedId=${w.shed}&rackId=${rackA}`);
    expect(one.data.pens.map((p) => p.penId)).toEqual([pen1]);
    expect((await admin.get(`columns?shedId=${w.shed}&penId=${w.otherPen}`)).code).toBe(20084);
    expect((await admin.get(`columns?shedId=${w.shed}&rackId=${rackOther}`)).code).toBe(200331);
    expect((await admin.get(`columns?shedId=${w.shed}&rackId=999999`)).code).toBe(200331);
  });

  it('answers as not found to another tenant or farm and 10009 without the page', async () => {
    expect((await as('ps-second').post('bind', { positionId: pos[2], feederId: set.feeders[1] })).code).toBe(20032);
    expect((await as('ps-second').get(`page?shedId=${w.shed}`)).code).toBe(30004);
    expect((await as('ps-farm2').post('unbind', { positionId: pos[4], feederId: set.feeders[2] })).code).toBe(20032);
    expect((await as('ps-farm2').post('bind', { positionId: otherPos, feederId: set.feeders[1] })).code).toBe(20088);
    expect((await as('ps-farm2').post('rename', { feederId: set.feeders[1], name: 'Mine' })).code).toBe(20088);
    expect((await as('ps-farm2').get(`columns?shedId=${w.otherShed}`)).code).toBe(10009);
    expect((await as('ps-farm2').post('bind', { positionId: otherPos, feederId: otherSet.feeders[0] })).code).toBe(1);
  });
});
