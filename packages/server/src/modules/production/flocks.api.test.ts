import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorCodes, type FlockRow, type Page } from '@farmsense/shared';
import { auditLog, sheds } from '../../db/tables.js';
import { TEST_DB } from '../../test/harness.js';
import { productionWorld, type ProductionWorld } from './flock.fixtures.js';
import { flockStockDays } from './tables.js';

const FLOCK = '/api/breedpigbuilding/flock';

describe(`flocks (${TEST_DB})`, () => {
  let w: ProductionWorld;

  beforeAll(async () => {
    w = await productionWorld();
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  it('adds a flock and reads it with day age and birds present in the farm time zone', async () => {
    const shedId = await w.newShed();
    const id = await w.newFlock({ shedId, groupNo: 'A-1', maleCount: 40, femaleCount: 60, breed: 'Ross 308' }, 5);
    const got = await w.api<FlockRow>(w.tok.admin, 'GET', `${FLOCK}/${id}`);
    expect(got.code).toBe(1);
    expect(got.data).toMatchObject({
      id,
      farmId: w.poultryFarm,
      farmName: 'Demo Poultry Farm',
      shedId,
      groupNo: 'A-1',
      breed: 'Ross 308',
      status: 1,
      startDate: addDays(w.today, -5),
      birthDate: addDays(w.today, -6),
      dayAge: 6,
      present: 100,
      presentMale: 40,
      deviceId: null,
    });
    const page = await w.api<Page<FlockRow>>(w.tok.admin, 'POST', `${FLOCK}/page`, { farmId: w.poultryFarm, keyword: 'A-1' });
    expect(page.data.list.map((f) => f.id)).toEqual([id]);
    const options = await w.api<{ id: number; present: number }[]>(
      w.tok.admin,
      'GET',
      `${FLOCK}/options?farmId=${w.poultryFarm}&shedId=${shedId}`,
    );
    expect(options.data).toEqual([expect.objectContaining({ id, groupNo: 'A-1', shedId, dayAge: 6, present: 100, status: 1 })]);
    const blank = await w.api<{ id: number }[]>(w.tok.admin, 'GET', `${FLOCK}/options?farmId=${w.poultryFarm}&shedId=&status=`);
    expect(blank.data.map((f) => f.id)).toContain(id);
    const closedOnly = await w.api<{ id: number }[]>(w.tok.admin, 'GET', `${FLOCK}/options?status=2`);
    expect(closedOnly.data.map((f) => f.id)).not.toContain(id);
  });

  it('refuses a second flock with the group number or a second current flock in a house (20065)', async () => {
    const shedId = await w.newShed();
    await w.newFlock({ shedId, groupNo: 'B-1' });
    const add = (groupNo: string) =>
      w.api(w.tok.admin, 'POST', FLOCK, {
        farmId: w.poultryFarm,
        shedId,
        groupNo,
        flockType: 2,
        sex: 3,
        birthDate: addDays(w.today, -3),
        startDate: addDays(w.today, -2),
        femaleCount: 10,
      });
    const same = await add('B-1');
    expect([same.code, same.data]).toEqual([ErrorCodes.FLOCK_EXISTS, { field: 'groupNo' }]);
    const second = await add('B-2');
    expect([second.code, second.data]).toEqual([ErrorCodes.FLOCK_EXISTS, { field: 'shedId' }]);
  });

  it('answers 30004 for a house of another farm, 10007 for another tenant farm, 10011 for a foreign gateway, 99996 for bad bodies', async () => {
    const [pigShed] = await w.ctx.database.db.select({ id: sheds.id }).from(sheds).where(eq(sheds.farmId, w.pigFarm)).limit(1);
    const body = {
      farmId: w.poultryFarm,
      shedId: pigShed!.id,
      groupNo: 'C-1',
      flockType: 2,
      sex: 3,
      birthDate: '2026-01-01',
      startDate: '2026-01-02',
      femaleCount: 10,
    };
    expect((await w.api(w.tok.admin, 'POST', FLOCK, body)).code).toBe(ErrorCodes.HOUSE_NOT_FOUND);
    expect((await w.api(w.tok.outsider, 'POST', FLOCK, { ...body, shedId: await w.newShed() })).code).toBe(ErrorCodes.FARM_NOT_FOUND);
    const elsewhere = await w.newGateway(pigShed!.id, `prod-gw-${TEST_DB}-x`);
    const gw = await w.api(w.tok.admin, 'POST', FLOCK, { ...body, shedId: await w.newShed(), deviceId: elsewhere });
    expect(gw.code).toBe(ErrorCodes.CONTROLLER_NOT_FOUND);
    const bad = await w.api(w.tok.admin, 'POST', FLOCK, { ...body, startDate: '2025-12-31' });
    expect(bad.code).toBe(ErrorCodes.PARAM_ERROR);
    // Ids beyond the database's integers are parameter errors, not database failures.
    expect((await w.api(w.tok.admin, 'POST', `${FLOCK}/page`, { farmId: 3_000_000_000 })).code).toBe(ErrorCodes.PARAM_ERROR);
    expect((await w.api(w.tok.admin, 'GET', `${FLOCK}/3000000000`)).code).toBe(ErrorCodes.PARAM_ERROR);
    expect((await w.api(w.tok.admin, 'DELETE', '/api/breedpigbuilding/flockDaily/stock/3000000000')).code).toBe(ErrorCodes.PARAM_ERROR);
    const batch = await w.api<{ errors: { code: number }[] }>(w.tok.admin, 'POST', '/api/breedpigbuilding/flockDaily/stock/batch', {
      farmId: w.poultryFarm,
      day: '2026-01-05',
      rows: [{ flockId: 3_000_000_000 }],
    });
    expect(batch.data.errors.map((e) => e.code)).toEqual([ErrorCodes.PARAM_ERROR]);
  });

  it('edits a current flock: 20069 when missing, 20068 below the removals, 21016 with records before placement', async () => {
    const shedId = await w.newShed();
    const id = await w.newFlock({ shedId, groupNo: 'D-1', maleCount: 0, femaleCount: 100 });
    const stock = await w.api(w.tok.admin, 'POST', '/api/breedpigbuilding/flockDaily/stock', {
      flockId: id,
      day: addDays(w.today, -2),
      dead: 30,
      culled: 20,
    });
    expect(stock.code).toBe(1);
    const got = await w.api<FlockRow>(w.tok.admin, 'GET', `${FLOCK}/${id}`);
    const { farmId, groupNo, flockType, sex, birthDate, startDate } = got.data;
    const body = { id, farmId, shedId, groupNo, flockType, sex, birthDate, startDate, maleCount: 0, femaleCount: 100 };
    expect((await w.api(w.tok.admin, 'PUT', FLOCK, { ...body, id: 99_999_999 })).code).toBe(ErrorCodes.FLOCK_EDIT_FAILED_69);
    expect((await w.api(w.tok.admin, 'PUT', FLOCK, { ...body, femaleCount: 49 })).code).toBe(ErrorCodes.FLOCK_COUNT_EXCEEDED);
    expect((await w.api(w.tok.admin, 'PUT', FLOCK, { ...body, startDate: addDays(w.today, -1) })).code).toBe(ErrorCodes.DAY_OUTSIDE_FLOCK);
    // A new birth date moves the stored day ages with it.
    const ok = await w.api(w.tok.admin, 'PUT', FLOCK, { ...body, femaleCount: 50, groupNo: 'D-1b', birthDate: addDays(birthDate, -7) });
    expect(ok.code).toBe(1);
    const [rec] = await w.ctx.database.db.select().from(flockStockDays).where(eq(flockStockDays.flockId, id));
    expect(rec!.dayAge).toBe(got.data.dayAge - 2 + 7);
    expect((await w.api<FlockRow>(w.tok.admin, 'GET', `${FLOCK}/${id}`)).data).toMatchObject({ groupNo: 'D-1b', present: 0 });
  });

  it('closes a flock between its last record and today, then refuses edits and a second close (20070)', async () => {
    const shedId = await w.newShed();
    const id = await w.newFlock({ shedId, groupNo: 'E-1' }, 10);
    await w.api(w.tok.admin, 'POST', '/api/breedpigbuilding/flockDaily/stock', { flockId: id, day: addDays(w.today, -3), dead: 1 });
    expect((await w.api(w.tok.admin, 'POST', `${FLOCK}/close`, { id, stopDate: addDays(w.today, -4) })).code).toBe(
      ErrorCodes.DAY_OUTSIDE_FLOCK,
    );
    expect((await w.api(w.tok.admin, 'POST', `${FLOCK}/close`, { id, stopDate: addDays(w.today, 1) })).code).toBe(
      ErrorCodes.DAY_OUTSIDE_FLOCK,
    );
    expect((await w.api(w.tok.admin, 'POST', `${FLOCK}/close`, { id, stopDate: addDays(w.today, -2) })).code).toBe(1);
    const closed = await w.api<FlockRow>(w.tok.admin, 'GET', `${FLOCK}/${id}`);
    expect(closed.data).toMatchObject({ status: 2, stopDate: addDays(w.today, -2), dayAge: 11 - 2, present: 999 });
    expect((await w.api(w.tok.admin, 'POST', `${FLOCK}/close`, { id, stopDate: addDays(w.today, -1) })).code).toBe(
      ErrorCodes.FLOCK_EDIT_FAILED_70,
    );
    const { farmId, groupNo, flockType, sex, birthDate, startDate } = closed.data;
    const put = await w.api(w.tok.admin, 'PUT', FLOCK, {
      id,
      farmId,
      shedId,
      groupNo,
      flockType,
      sex,
      birthDate,
      startDate,
      femaleCount: 5,
    });
    expect(put.code).toBe(ErrorCodes.FLOCK_EDIT_FAILED_70);
    const history = await w.api<Page<FlockRow>>(w.tok.admin, 'POST', `${FLOCK}/page`, { farmId: w.poultryFarm, status: 2 });
    expect(history.data.list.map((f) => f.id)).toContain(id);
    const current = await w.api<Page<FlockRow>>(w.tok.admin, 'POST', `${FLOCK}/page`, { farmId: w.poultryFarm, pageSize: 1000 });
    expect(current.data.list.map((f) => f.id)).not.toContain(id);
    // The house is free again for a new current flock.
    expect(await w.newFlock({ shedId, groupNo: 'E-2' }, 1)).toBeGreaterThan(id);
  });

  it('deletes a flock with its records; then 20071', async () => {
    const id = await w.newFlock({ groupNo: 'F-1' });
    await w.api(w.tok.admin, 'POST', '/api/breedpigbuilding/flockDaily/stock', { flockId: id, day: addDays(w.today, -1), dead: 1 });
    expect((await w.api(w.tok.admin, 'DELETE', `${FLOCK}/${id}`)).code).toBe(1);
    expect((await w.api(w.tok.admin, 'GET', `${FLOCK}/${id}`)).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
    expect((await w.api(w.tok.admin, 'DELETE', `${FLOCK}/${id}`)).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
    expect(await w.ctx.database.db.select().from(flockStockDays).where(eq(flockStockDays.flockId, id))).toEqual([]);
  });

  it('keeps other tenants, other farms and other houses out', async () => {
    const id = await w.newFlock({ groupNo: 'G-1' });
    const limitedFlock = await w.newFlock({ groupNo: 'G-2', shedId: w.limitedShed });
    for (const token of [w.tok.outsider, w.tok.noFarm, w.tok.limited]) {
      expect((await w.api(token, 'GET', `${FLOCK}/${id}`)).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
      expect((await w.api(token, 'POST', `${FLOCK}/close`, { id, stopDate: w.today })).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
      expect((await w.api(token, 'DELETE', `${FLOCK}/${id}`)).code).toBe(ErrorCodes.FLOCK_TYPE_MISSING);
      const page = await w.api<Page<FlockRow>>(token, 'POST', `${FLOCK}/page`, { pageSize: 1000 });
      expect(page.data.list.map((f) => f.id)).not.toContain(id);
    }
    expect((await w.api(w.tok.noFarm, 'POST', `${FLOCK}/page`, { farmId: w.poultryFarm })).code).toBe(ErrorCodes.FARM_NOT_FOUND);
    expect((await w.api(w.tok.outsider, 'GET', `${FLOCK}/options?farmId=${w.poultryFarm}`)).code).toBe(ErrorCodes.FARM_NOT_FOUND);
    // The shed-limited account sees its house's flock only.
    const mine = await w.api<Page<FlockRow>>(w.tok.limited, 'POST', `${FLOCK}/page`, { farmId: w.poultryFarm, pageSize: 1000 });
    expect(mine.data.list.map((f) => f.id)).toEqual([limitedFlock]);
    expect((await w.api(w.tok.limited, 'POST', `${FLOCK}/page`, { shedId: await w.newShed() })).code).toBe(ErrorCodes.HOUSE_NOT_FOUND);
  });

  it('lets a reader list flocks but refuses its writes with 10009, logged as denied', async () => {
    const id = await w.newFlock({ groupNo: 'H-1' });
    expect((await w.api(w.tok.reader, 'GET', `${FLOCK}/${id}`)).code).toBe(1);
    expect((await w.api(w.tok.reader, 'GET', `${FLOCK}/options`)).code).toBe(1);
    expect((await w.api(w.tok.reader, 'DELETE', `${FLOCK}/${id}`)).code).toBe(ErrorCodes.NO_PERMISSION);
    const denied = await w.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, '/api/breedpigbuilding/flock/:id'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
    // The feed clerk picks flocks but cannot open the flock screens.
    expect((await w.api(w.tok.feedOnly, 'GET', `${FLOCK}/options`)).code).toBe(1);
    expect((await w.api(w.tok.feedOnly, 'POST', `${FLOCK}/page`, {})).code).toBe(ErrorCodes.NO_PERMISSION);
  });
});
