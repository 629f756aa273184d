import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorCodes, type Page, type SaveOutcome } from '@farmsense/shared';
import { accounts, auditLog } from '../../db/tables.js';
import { loadAccess } from '../../lib/access.js';
import { buildScope } from '../../scope/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { TEST_DB } from '../../test/harness.js';
import { productionWorld, type ProductionWorld } from './flock.fixtures.js';
import { saveDailyRows } from './records.js';
import { buildAccount, buildRole, tokenFor } from '../../test/factories.js';

const DAILY = '/api/breedpigbuilding/flockDaily';
type Row = Record<string, unknown> & { id: number; day: string; dayAge: number };

describe(`daily records (${TEST_DB})`, () => {
  let w: ProductionWorld;
  let flock: number;
  const day = (n: number): string => addDays(w.today, -n);

  beforeAll(async () => {
    w = await productionWorld();
    // Placed 10 days ago, hatched 11 days ago: day age = 11 - n on day(n).
    flock = await w.newFlock({ groupNo: 'D-main', maleCount: 0, femaleCount: 100 }, 10);
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  const add = (kind: string, body: Record<string, unknown>, token = w.tok.admin) =>
    w.api<{ id: number }>(token, 'POST', `${DAILY}/${kind}`, { flockId: flock, ...body });

  it('stores stock days with their day age and refuses duplicates (20301), days outside the life (21016) and over-removal (20068)', async () => {
    const first = await add('stock', { day: day(5), dead: 10, culled: 5, transferIn: 3 });
    expect(first.code).toBe(1);
    expect((await add('stock', { day: day(5), dead: 1 })).code).toBe(ErrorCodes.DUPLICATE_DATE_AGE);
    expect((await add('stock', { day: day(11), dead: 1 })).code).toBe(ErrorCodes.DAY_OUTSIDE_FLOCK);
    expect((await add('stock', { day: addDays(w.today, 1), dead: 1 })).code).toBe(ErrorCodes.DAY_OUTSIDE_FLOCK);
    // 100 + 3 - 15 = 88 left after day 5.
    expect((await add('stock', { day: day(4), dead: 89 })).code).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    // An earlier day may not take the birds a later day already removed either.
    expect((await add('stock', { day: day(6), dead: 90 })).code).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    expect((await add('stock', { day: day(4), dead: 8, transferOut: 80 })).code).toBe(1);
    const page = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/stock/page`, { flockId: flock });
    expect(page.data.total).toBe(2);
    expect(page.data.list[0]).toMatchObject({
      day: day(4),
      dayAge: 7,
      dead: 8,
      transferOut: 80,
      groupNo: 'D-main',
      farmName: 'Demo Poultry Farm',
    });
    expect(page.data.list[1]).toMatchObject({ id: first.data.id, day: day(5), dayAge: 6, dead: 10, culled: 5, transferIn: 3 });
    // Editing the later day above the birds present is refused; a missing record answers 30001.
    const edit = { id: page.data.list[0]!.id, flockId: flock, day: day(4), dead: 9, transferOut: 80 };
    expect((await w.api(w.tok.admin, 'PUT', `${DAILY}/stock`, edit)).code).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    expect((await w.api(w.tok.admin, 'PUT', `${DAILY}/stock`, { ...edit, dead: 7 })).code).toBe(1);
    expect((await w.api(w.tok.admin, 'PUT', `${DAILY}/stock`, { ...edit, id: 99_999_999 })).code).toBe(ErrorCodes.DATA_NOT_FOUND);
    expect((await w.api(w.tok.admin, 'PUT', `${DAILY}/stock`, { ...edit, day: day(5) })).code).toBe(ErrorCodes.DUPLICATE_DATE_AGE);
  });

  it('refuses to delete or move away a stock day later days depend on (20068), leaving it in place', async () => {
    const small = await w.newFlock({ groupNo: 'D-small', maleCount: 0, femaleCount: 10 }, 10);
    const spare = await w.newFlock({ groupNo: 'D-spare', maleCount: 0, femaleCount: 10 }, 10);
    const addTo = (f: number, body: Record<string, unknown>) =>
      w.api<{ id: number }>(w.tok.admin, 'POST', `${DAILY}/stock`, { flockId: f, ...body });
    const moveIn = await addTo(small, { day: day(5), transferIn: 5 });
    const later = await addTo(small, { day: day(3), dead: 12 });
    expect([moveIn.code, later.code]).toEqual([1, 1]);
    // Without the 5 birds moved in, day(3) would remove 12 of 10.
    expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/stock/${moveIn.data.id}`)).code).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    expect(
      (await w.api(w.tok.admin, 'PUT', `${DAILY}/stock`, { id: moveIn.data.id, flockId: spare, day: day(5), transferIn: 5 })).code,
    ).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    const page = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/stock/page`, { flockId: small });
    expect(page.data.list.map((r) => r.id).sort()).toEqual([moveIn.data.id, later.data.id].sort());
    expect(page.data.list.find((r) => r.id === moveIn.data.id)).toMatchObject({ day: day(5), transferIn: 5 });
    // Once the later day is gone, the day may go too.
    expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/stock/${later.data.id}`)).code).toBe(1);
    expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/stock/${moveIn.data.id}`)).code).toBe(1);
  });

  it('uses each kind its duplicate code and its missing-record code', async () => {
    const cases: [string, Record<string, unknown>, number, number][] = [
      ['grow', { avgWeight: 420, uniformity: 88 }, ErrorCodes.GROWTH_DATA_EXISTS, ErrorCodes.DATA_NOT_FOUND],
      ['feed', { feedKg: 120.5 }, ErrorCodes.DAY_DATA_EXISTS, ErrorCodes.DAILY_FEED_EDIT_FAILED],
      ['water', { waterL: 250 }, ErrorCodes.DAY_DATA_EXISTS, ErrorCodes.DAILY_WATER_EDIT_FAILED],
      ['egg', { eggCount: 80, eggWeightKg: 4.8, large: 10, small: 5 }, ErrorCodes.DAY_DATA_EXISTS, ErrorCodes.DAILY_EGG_EDIT_FAILED],
    ];
    for (const [kind, body, dup, missing] of cases) {
      const ok = await add(kind, { day: day(3), ...body });
      expect([kind, ok.code]).toEqual([kind, 1]);
      expect([kind, (await add(kind, { day: day(3), ...body })).code]).toEqual([kind, dup]);
      expect([
        kind,
        (await w.api(w.tok.admin, 'PUT', `${DAILY}/${kind}`, { id: 99_999_999, flockId: flock, day: day(3), ...body })).code,
      ]).toEqual([kind, missing]);
      const page = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/${kind}/page`, { flockId: flock, start: day(3), end: day(3) });
      expect(page.data.list).toEqual([expect.objectContaining({ id: ok.data.id, day: day(3), dayAge: 8, ...body })]);
      expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/${kind}/${ok.data.id}`)).code).toBe(1);
      expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/${kind}/${ok.data.id}`)).code).toBe(missing);
    }
    // Schema failures answer 99996 with the field and key.
    const bad = await add('egg', { day: day(3), eggCount: 5, large: 6 });
    expect([bad.code, bad.data]).toEqual([ErrorCodes.PARAM_ERROR, { issues: [{ field: 'eggCount', key: 'validation.gradesAboveTotal' }] }]);
  });

  it('dates immunisations and medications by the farm-local day of their moment', async () => {
    // 20:00 UTC is 04:00 the next day in Shanghai.
    const at = `${day(4)}T20:00:00Z`;
    const immune = await add('immune', { at, vaccineBrand: 'VaxCo', method: 'spray', disease: 'ND' });
    expect(immune.code).toBe(1);
    const drug = await add('drug', {
      at: Date.parse(`${day(2)}T01:00:00Z`),
      drugName: 'Amoxi',
      method: 'water',
      disease: 'CRD',
      withdrawalDays: 5,
    });
    expect(drug.code).toBe(1);
    const imm = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/immune/page`, { flockId: flock });
    expect(imm.data.list).toEqual([
      expect.objectContaining({ id: immune.data.id, day: day(3), dayAge: 8, at: Date.parse(at), vaccineBrand: 'VaxCo' }),
    ]);
    const byDay = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/drug/page`, { flockId: flock, start: day(2), end: day(2) });
    expect(byDay.data.list).toEqual([expect.objectContaining({ id: drug.data.id, dayAge: 9, withdrawalDays: 5 })]);
    expect((await add('drug', { at: `${day(12)}T01:00:00Z`, drugName: 'X', method: 'm', disease: 'd' })).code).toBe(
      ErrorCodes.DAY_OUTSIDE_FLOCK,
    );
    const put = await w.api(w.tok.admin, 'PUT', `${DAILY}/immune`, {
      id: immune.data.id,
      flockId: flock,
      at,
      vaccineBrand: 'VaxCo 2',
      method: 'spray',
      disease: 'ND',
    });
    expect(put.code).toBe(1);
    expect((await w.api(w.tok.admin, 'DELETE', `${DAILY}/drug/${drug.data.id}`)).code).toBe(1);
  });

  it('saves the good rows of a batch and lists the bad ones with their row numbers', async () => {
    const other = await w.newFlock({ groupNo: 'D-other' }, 10);
    const foreign = await w.newFlock({ groupNo: 'D-limited', shedId: w.limitedShed }, 10);
    const res = await w.api<SaveOutcome>(w.tok.admin, 'POST', `${DAILY}/feed/batch`, {
      farmId: w.poultryFarm,
      day: day(1),
      rows: [
        { flockId: flock, feedKg: 100 },
        { flockId: other, feedKg: -1 },
        { flockId: 99_999_999, feedKg: 3 },
        { flockId: other, feedKg: 90 },
        { flockId: foreign, feedKg: 1 },
        { flockId: flock, feedKg: 5 },
      ],
    });
    expect(res.code).toBe(1);
    expect(res.data.saved).toBe(3);
    expect(res.data.errors.map((e) => [e.row, e.code, e.field])).toEqual([
      [2, ErrorCodes.PARAM_ERROR, 'feedKg'],
      [3, ErrorCodes.FLOCK_TYPE_MISSING, 'flockId'],
      [6, ErrorCodes.DAY_DATA_EXISTS, 'day'],
    ]);
    expect(res.data.errors[0]!.key).toBe('validation.nonNegative');
    expect(res.data.errors.every((e) => typeof e.msg === 'string' && e.msg.length > 0)).toBe(true);
    // Stock rows naming no flock answer 20300; a flock of another farm is not in the batch's farm.
    const stock = await w.api<SaveOutcome>(w.tok.admin, 'POST', `${DAILY}/stock/batch`, {
      farmId: w.pigFarm,
      day: day(1),
      rows: [{ flockId: flock, dead: 1 }],
    });
    expect(stock.data.errors.map((e) => e.code)).toEqual([ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK]);
    expect(
      (await w.api(w.tok.outsider, 'POST', `${DAILY}/stock/batch`, { farmId: w.poultryFarm, day: day(1), rows: [{ flockId: flock }] }))
        .code,
    ).toBe(ErrorCodes.FARM_NOT_FOUND);
  });

  it('saveDailyRows translates its messages and keeps the caller scope', async () => {
    const db = w.ctx.database.db;
    const [row] = await db.select().from(accounts).where(eq(accounts.accountCode, 'prod-limited'));
    const auth = buildScope(db, { ...row!, ...(await loadAccess(db, row!)) } as unknown as AuthContext);
    const out = await saveDailyRows(db, auth, 'egg', [{ flockId: flock, day: day(2), eggCount: 1 }, 'junk'], {
      mode: 'insert',
      locale: 'zh-cn',
    });
    expect(out.saved).toBe(0);
    expect(out.errors.map((e) => [e.row, e.code])).toEqual([
      [1, ErrorCodes.FLOCK_TYPE_MISSING],
      [2, ErrorCodes.PARAM_ERROR],
    ]);
    expect(out.errors[0]!.msg).not.toMatch(/^errors\./);
    expect(out.errors[0]!.msg).not.toBe(
      (await saveDailyRows(db, auth, 'egg', [{ flockId: flock, day: day(2), eggCount: 1 }], { mode: 'insert' })).errors[0]!.msg,
    );
  });

  it("answers the quick form with the day's rows and birds at the start of the day", async () => {
    const quick = await w.api<Record<string, unknown>[]>(w.tok.admin, 'GET', `${DAILY}/quick?farmId=${w.poultryFarm}&day=${day(4)}`);
    expect(quick.code).toBe(1);
    const mine = quick.data.find((r) => r.flockId === flock);
    expect(mine).toMatchObject({ groupNo: 'D-main', dayAge: 7, present: 88, stock: expect.objectContaining({ dead: 7, transferOut: 80 }) });
    expect(mine!.feed).toBeUndefined();
    const feedClerk = await w.api<Record<string, unknown>[]>(w.tok.feedOnly, 'GET', `${DAILY}/quick?farmId=${w.poultryFarm}&day=${day(1)}`);
    const seen = feedClerk.data.find((r) => r.flockId === flock)!;
    expect(seen.feed).toMatchObject({ feedKg: 100 });
    expect(seen.stock).toBeUndefined();
  });

  it("refuses a kind the account does not hold (10009, logged as denied) and other tenants' or farms' flocks", async () => {
    expect((await add('feed', { day: day(2), feedKg: 1 }, w.tok.feedOnly)).code).toBe(1);
    expect((await add('stock', { day: day(2), dead: 1 }, w.tok.feedOnly)).code).toBe(ErrorCodes.NO_PERMISSION);
    expect((await w.api(w.tok.feedOnly, 'POST', `${DAILY}/egg/page`, {})).code).toBe(ErrorCodes.NO_PERMISSION);
    const denied = await w.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, '/api/breedpigbuilding/flockDaily/:kind'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBe(1);
    for (const token of [w.tok.outsider, w.tok.noFarm, w.tok.limited]) {
      expect((await add('grow', { day: day(2), avgWeight: 1 }, token)).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
      const page = await w.api<Page<Row>>(token, 'POST', `${DAILY}/feed/page`, { pageSize: 1000 });
      expect(page.data.list.filter((r) => r.flockId === flock)).toEqual([]);
    }
    const [rec] = (await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/stock/page`, { flockId: flock })).data.list;
    expect((await w.api(w.tok.outsider, 'DELETE', `${DAILY}/stock/${rec!.id}`)).code).toBe(ErrorCodes.DATA_NOT_FOUND);
    expect((await w.api(w.tok.noFarm, 'PUT', `${DAILY}/stock`, { id: rec!.id, flockId: flock, day: day(4) })).code).toBe(
      ErrorCodes.DATA_NOT_FOUND,
    );
    expect((await w.api(w.tok.noFarm, 'POST', `${DAILY}/stock/page`, { flockId: flock })).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
  });

  it('lets the vaccination report screen list immunisations read-only, and nothing else', async () => {
    const db = w.ctx.database.db;
    const [tenant] = await db.select({ tenantId: accounts.tenantId }).from(accounts).where(eq(accounts.accountCode, 'demo'));
    const role = await buildRole(db, tenant!.tenantId!, 'Vaccination report only', [{ code: 'ci18.immunel.inoculation', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant!.tenantId!, accountCode: 'prod-vacc-reader', roleIds: [role], farmIds: [w.poultryFarm] });
    const reader = await tokenFor(db, 'prod-vacc-reader');
    expect(
      (await add('immune', { at: `${day(3)}T08:00:00+08:00`, vaccineBrand: 'ND La Sota', method: 'drinking water', disease: 'ND' })).code,
    ).toBe(1);
    const list = await w.api<Page<Row>>(reader, 'POST', `${DAILY}/immune/page`, { flockId: flock });
    expect(list.code).toBe(1);
    expect(list.data.list.some((r) => r.vaccineBrand === 'ND La Sota')).toBe(true);
    expect((await w.api(reader, 'POST', `${DAILY}/drug/page`, {})).code).toBe(ErrorCodes.NO_PERMISSION);
    expect(
      (await add('immune', { at: `${day(2)}T08:00:00+08:00`, vaccineBrand: 'X', method: 'eye drop', disease: 'IB' }, reader)).code,
    ).toBe(ErrorCodes.NO_PERMISSION);
  });
});
