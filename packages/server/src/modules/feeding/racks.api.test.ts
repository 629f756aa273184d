import { describe, expect, it } from 'vitest';
import { MAX_RACK_POSITIONS, type ColumnAnswer, type Page, type RackRow } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFeeders, feedingCalls, withFeedingWorld, type FeedingWorld } from './feeding.fixtures.js';

/** Rack management (/accurate-feeding/column): racks per pen with a run of positions, codes 20031, 20084, 20094, 200330, 200331. */
describe(`feeding racks (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: FeedingWorld;
  const tok: Record<string, string> = {};
  let pen1: number;
  let pen2: number;
  let feeders: number[];

  withFeedingWorld(
    {
      name: 'Rack',
      prefix: 'rk',
      houses: ['Gestation A', 'Gestation B'],
      pens: 2,
      limited: { suffix: 'farm2', role: 'Racks only', code: 'accurate-feeding.column' },
    },
    async (made) => {
      ({ ctx, w } = made);
      [pen1, pen2] = w.pens as [number, number];
      Object.assign(tok, w.tok);
      const at = { tenantId: w.tenant, farmId: w.farm, shedId: w.shed };
      feeders = (await buildFeeders(ctx.database, { ...at, code: 'fs-rack1', pens: [pen1, pen1] })).feeders;
    },
  );

  const as = feedingCalls(() => ctx, tok);
  const admin = as('rk-admin');
  const ids: Record<string, number> = {};
  const positionsOf = async (rackId: number) =>
    ctx.database.query<{ no: number; feeder: number | null }>(
      'SELECT position_no AS no, feeder_id AS feeder FROM feed_positions WHERE rack_id = $1 ORDER BY position_no',
      [rackId],
    );

  it('adds a rack with its run of positions and lists it with the positions counted', async () => {
    const a = await admin.post('rack', { shedId: w.shed, penId: pen1, name: 'Rack A', startNo: 1, endNo: 6, remark: 'west wall' });
    expect(a.code).toBe(1);
    ids.a = a.data.id;
    // A pen holds several racks.
    const b = await admin.post('rack', { shedId: w.shed, penId: pen1, name: 'Rack B', startNo: 7, endNo: 8 });
    expect(b.code).toBe(1);
    ids.b = b.data.id;
    expect((await positionsOf(ids.a!)).map((p) => p.no)).toEqual([1, 2, 3, 4, 5, 6]);
    const page = await admin.get<Page<RackRow>>(`rack/page?shedId=${w.shed}`);
    expect(page.data.list.map((r) => [r.name, r.penColumn, r.startNo, r.endNo, r.positions, r.bound, r.shedName])).toEqual([
      ['Rack A', 1, 1, 6, 6, 0, 'Gestation A'],
      ['Rack B', 1, 7, 8, 2, 0, 'Gestation A'],
    ]);
    expect((await admin.get<Page<RackRow>>('rack/page?name=B')).data.total).toBe(1);
  });

  it('refuses a run out of order or too long with 200330 and the field', async () => {
    const reversed = await admin.post('rack', { shedId: w.shed, penId: pen2, name: 'Rack C', startNo: 9, endNo: 3 });
    expect([reversed.code, reversed.data]).toEqual([200330, { issues: [{ field: 'endNo', key: 'validation.endBeforeStart' }] }]);
    const long = await admin.post('rack', { shedId: w.shed, penId: pen2, name: 'Rack C', startNo: 100, endNo: 100 + MAX_RACK_POSITIONS });
    expect(long.code).toBe(200330);
    expect((await admin.post('rack', { shedId: w.shed, penId: pen2, name: 'Rack C', startNo: 0, endNo: 3 })).code).toBe(99996);
  });

  it('refuses a taken position number in the house or a rack name in the pen with 20031', async () => {
    const overlap = await admin.post('rack', { shedId: w.shed, penId: pen2, name: 'Rack C', startNo: 5, endNo: 10 });
    expect([overlap.code, overlap.data]).toEqual([20031, { field: 'startNo', positionNo: 5 }]);
    const named = await admin.post('rack', { shedId: w.shed, penId: pen1, name: 'Rack A', startNo: 20, endNo: 21 });
    expect([named.code, named.data]).toEqual([20031, { field: 'name' }]);
    // The same name in another pen and the same numbers in another house are fine.
    expect((await admin.post('rack', { shedId: w.shed, penId: pen2, name: 'Rack A', startNo: 20, endNo: 21 })).code).toBe(1);
    const other = await admin.post('rack', { shedId: w.otherShed, penId: w.otherPen, name: 'Rack A', startNo: 1, endNo: 2 });
    expect(other.code).toBe(1);
    ids.other = other.data.id;
  });

  it('refuses a pen of another house on add with 20084 and on an edit with 20094', async () => {
    expect((await admin.post('rack', { shedId: w.shed, penId: w.otherPen, name: 'Rack X', startNo: 30, endNo: 31 })).code).toBe(20084);
    const edit = { id: ids.a, shedId: w.shed, penId: w.otherPen, name: 'Rack A', startNo: 1, endNo: 6 };
    expect((await admin.put('rack', edit)).code).toBe(20094);
    expect((await admin.put('rack', { ...edit, shedId: w.otherShed })).code).toBe(20094);
  });

  it('edits the run: adds and drops positions, dropped ones lose their feeder, the feeders move with the rack', async () => {
    await ctx.database.query('UPDATE feed_positions SET feeder_id = $1 WHERE rack_id = $2 AND position_no = 1', [feeders[0], ids.a]);
    await ctx.database.query('UPDATE feed_positions SET feeder_id = $1 WHERE rack_id = $2 AND position_no = 6', [feeders[1], ids.a]);
    const overlap = await admin.put('rack', { id: ids.a, shedId: w.shed, penId: pen1, name: 'Rack A', startNo: 1, endNo: 7 });
    expect(overlap.code).toBe(20031);
    // Keeps 1-4, drops 5-6 (and the feeder at 6), moves to pen 2; numbers inside its own run are not taken.
    const moved = await admin.put('rack', { id: ids.a, shedId: w.shed, penId: pen2, name: 'Rack A2', startNo: 1, endNo: 4 });
    expect(moved.code).toBe(1);
    expect(await positionsOf(ids.a!)).toEqual([
      { no: 1, feeder: feeders[0] },
      { no: 2, feeder: null },
      { no: 3, feeder: null },
      { no: 4, feeder: null },
    ]);
    const pensNow = await ctx.database.query<{ id: number; pen: number }>(
      'SELECT id, pen_id AS pen FROM feed_devices WHERE id = ANY($1) ORDER BY id',
      [feeders],
    );
    expect(pensNow.map((f) => f.pen)).toEqual([pen2, pen1]);
    const view = await admin.get<ColumnAnswer>(`position/columns?shedId=${w.shed}`);
    expect(view.data.unplaced).toBe(1);
    const log = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE detail::text LIKE '%Rack A2%'`);
    expect(log[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('deletes a rack with its positions; the feeders stay in the pen', async () => {
    expect((await admin.del(`rack/${ids.a}`)).code).toBe(1);
    expect(await positionsOf(ids.a!)).toEqual([]);
    const [kept] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM feed_devices WHERE id = $1', [feeders[0]]);
    expect(kept!.n).toBe(1);
    expect((await admin.del(`rack/${ids.a}`)).code).toBe(200331);
  });

  it('answers 200331 for another tenant or farm rack and hides them from its lists; 10009 without the page', async () => {
    expect((await as('rk-second').del(`rack/${ids.b}`)).code).toBe(200331);
    expect((await as('rk-second').get<Page<RackRow>>('rack/page')).data.total).toBe(0);
    expect((await as('rk-farm2').put('rack', { id: ids.b, shedId: w.shed, penId: pen1, name: 'Mine', startNo: 7, endNo: 8 })).code).toBe(
      200331,
    );
    const mine = await as('rk-farm2').get<Page<RackRow>>('rack/page');
    expect(mine.data.list.map((r) => r.id)).toEqual([ids.other]);
    expect((await as('rk-farm2').post('rack', { shedId: w.shed, penId: pen1, name: 'Sneak', startNo: 40, endNo: 41 })).code).toBe(30004);
    expect((await as('rk-farm2').get(`position/columns?shedId=${w.otherShed}`)).code).toBe(10009);
  });
});
