import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealAdjustRow, Page } from '@farmsense/shared';
import { accountPens, accountSheds } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildAccount, buildPens, buildPlace, buildRole, buildShed, call, tokenFor } from '../../test/factories.js';

const MEAL = '/api/feeding/meal';
const TWO = [
  { startMinute: 360, endMinute: 420, share: 40 },
  { startMinute: 1020, endMinute: 1080, share: 60 },
];

/**
 * Meal adjustments per house and per pen: the SPEC §5 meal rules (at most 10, start before end,
 * shares exactly 100 %), the ration bounds, one per house and per pen (203337), the codes of the
 * targets (203334 house, 20084 pen not seen, 20094 pen of another house, 203335 adjustment), each
 * kind behind its page, and the scope (another tenant, a house or pen outside the account).
 */
describe(`feeding meal adjustments (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let shedOnly: string;
  let limited: string;
  let penLimited: string;
  let other: string;
  let farm: number;
  let shed: number;
  let otherShed: number;
  let penIds: number[];
  let otherPen: number;
  let foreignShed: number;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const place = await buildPlace(db, 'Meal', { shedName: 'Farrowing M', shedType: 2 }, { modules: ['pig'] });
    const { tenant } = place;
    ({ farm, shed } = place);
    otherShed = await buildShed(db, tenant, farm, { shedName: 'Farrowing N', shedType: 2 });
    const ids = await buildPens(db, tenant, [
      { shedId: shed, name: 'P1' },
      { shedId: shed, fieldColumn: 2, name: 'P2' },
      { shedId: otherShed, name: 'Q1' },
    ]);
    penIds = [ids[0]!, ids[1]!];
    otherPen = ids[2]!;
    admin = await adminToken(db, tenant, 'ml-admin');
    const both = await buildRole(db, tenant, 'Meals', [
      { code: 'accurate-feeding.meal.shed', ops: ['view'] },
      { code: 'accurate-feeding.meal.field', ops: ['view'] },
    ]);
    const shedRole = await buildRole(db, tenant, 'House meals', [{ code: 'accurate-feeding.meal.shed', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'ml-shed', farmIds: [farm], roleIds: [shedRole] });
    shedOnly = await tokenFor(db, 'ml-shed');
    const lim = await buildAccount(db, { tenantId: tenant, accountCode: 'ml-limited', farmIds: [farm], roleIds: [both] });
    await db.insert(accountSheds).values({ accountId: lim, shedId: otherShed });
    limited = await tokenFor(db, 'ml-limited');
    const penLim = await buildAccount(db, { tenantId: tenant, accountCode: 'ml-pen', farmIds: [farm], roleIds: [both] });
    await db.insert(accountPens).values({ accountId: penLim, penId: penIds[0]! });
    penLimited = await tokenFor(db, 'ml-pen');
    const foreign = await buildPlace(db, 'Meal Other', { shedName: 'Foreign', shedType: 2 }, { modules: ['pig'] });
    foreignShed = foreign.shed;
    other = await adminToken(db, foreign.tenant, 'ml-other');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const add = (body: Record<string, unknown>, token = admin) =>
    call<{ id: number }>(ctx, token, 'POST', MEAL, { farmId: farm, shedId: shed, meals: null, ration: null, ...body });
  const page = async (kind: 'shed' | 'field', token = admin, extra = '') =>
    call<Page<MealAdjustRow>>(ctx, token, 'GET', `${MEAL}/page?pageNo=1&pageSize=20&kind=${kind}${extra}`);
  const issues = (r: { data: unknown }) => (r.data as { issues: { field: string; key: string }[] }).issues;
  let houseId: number;
  let penAdjustId: number;

  it('adds a house adjustment and one per house only (203337)', async () => {
    const r = await add({ meals: TWO, ration: { unit: 'percent', value: 10 }, remark: 'summer' });
    expect(r.code).toBe(1);
    houseId = r.data.id;
    expect((await add({ ration: { unit: 'kg', value: 1 } })).code).toBe(203337);
    const list = (await page('shed')).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: houseId,
      kind: 'shed',
      shedName: 'Farrowing M',
      penId: null,
      meals: TWO,
      ration: { unit: 'percent', value: 10 },
      remark: 'summer',
      feeders: 0,
      confirmed: 0,
    });
  });

  it('adds a pen adjustment, one per pen (203337), listed under the pens', async () => {
    const r = await add({ penId: penIds[0], ration: { unit: 'kg', value: -0.5 } });
    expect(r.code).toBe(1);
    penAdjustId = r.data.id;
    expect((await add({ penId: penIds[0], meals: TWO })).code).toBe(203337);
    expect((await add({ penId: penIds[1], meals: TWO })).code).toBe(1);
    const list = (await page('field')).data;
    expect(list.list.map((a) => [a.penName, a.penColumn, a.meals === null, a.ration])).toEqual([
      ['P1', 1, true, { unit: 'kg', value: -0.5 }],
      ['P2', 2, false, null],
    ]);
    expect((await page('shed')).data.total).toBe(1);
  });

  it('refuses meal periods against the plan rules and a ration out of bounds (99996)', async () => {
    const meals = (m: unknown) => add({ shedId: otherShed, meals: m });
    expect(issues(await meals([{ startMinute: 420, endMinute: 360, share: 100 }]))).toEqual([
      { field: 'meals.0.endMinute', key: 'validation.startAfterEnd' },
    ]);
    expect(issues(await meals([{ ...TWO[0], share: 30 }, TWO[1]]))).toEqual([{ field: 'meals', key: 'validation.mealSharesTotal' }]);
    expect(issues(await meals([{ ...TWO[0], share: 50 }, TWO[1]]))).toEqual([{ field: 'meals', key: 'validation.mealSharesOver' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ startMinute: i * 60, endMinute: i * 60 + 30, share: i === 0 ? 10 : 9 }));
    expect((await meals(eleven)).code).toBe(99996);
    expect(issues(await meals([]))).toEqual([{ field: 'meals', key: 'validation.required' }]);
    expect(issues(await add({ shedId: otherShed }))).toEqual([{ field: 'meals', key: 'validation.mealAdjustEmpty' }]);
    expect(issues(await add({ shedId: otherShed, ration: { unit: 'percent', value: 60 } }))).toEqual([
      { field: 'ration.value', key: 'validation.rationAdjustRange' },
    ]);
    expect(issues(await add({ shedId: otherShed, ration: { unit: 'kg', value: 3.5 } }))).toEqual([
      { field: 'ration.value', key: 'validation.rationAdjustRange' },
    ]);
    expect((await add({ shedId: otherShed, ration: { unit: 'litre', value: 1 } })).code).toBe(99996);
    expect((await add({ shedId: otherShed, ration: { unit: 'kg', value: '1' } })).code).toBe(99996);
    // Both parts are sent, null where the plan's stays.
    expect(issues(await call(ctx, admin, 'POST', MEAL, { farmId: farm, shedId: otherShed, meals: TWO }))).toEqual([
      { field: 'ration', key: 'validation.required' },
    ]);
  });

  it('answers 203334 for a house not seen, 20084 for a pen not seen and 20094 for a pen of another house', async () => {
    expect((await add({ shedId: foreignShed, meals: TWO })).code).toBe(203334);
    expect((await add({ shedId: 999_999, meals: TWO })).code).toBe(203334);
    expect((await add({ penId: otherPen, meals: TWO })).code).toBe(20094);
    expect((await add({ penId: 999_999, meals: TWO })).code).toBe(20084);
    expect((await add({ shedId: shed, meals: TWO }, limited)).code).toBe(203334);
    expect((await add({ penId: penIds[1], meals: TWO }, penLimited)).code).toBe(20084);
  });

  it('updates an adjustment and answers 203335 for one not seen', async () => {
    const put = (body: Record<string, unknown>, token = admin) =>
      call(ctx, token, 'PUT', MEAL, { farmId: farm, shedId: shed, penId: penIds[0], meals: null, ration: null, ...body });
    expect((await put({ id: penAdjustId, meals: TWO, ration: null })).code).toBe(1);
    const row = (await page('field')).data.list.find((a) => a.id === penAdjustId)!;
    expect([row.meals, row.ration]).toEqual([TWO, null]);
    // Moving the pen's adjustment onto a pen that has one is 203337; onto the house's own is too.
    expect((await put({ id: penAdjustId, penId: penIds[1], meals: TWO })).code).toBe(203337);
    expect((await put({ id: penAdjustId, penId: null, meals: TWO })).code).toBe(203337);
    expect((await put({ id: 999_999, meals: TWO })).code).toBe(203335);
    expect((await put({ id: penAdjustId, meals: TWO }, other)).code).toBe(203335);
    expect((await put({ id: penAdjustId, meals: TWO }, limited)).code).toBe(203335);
    expect((await call(ctx, other, 'DELETE', `${MEAL}/${houseId}`)).code).toBe(203335);
    expect((await call(ctx, admin, 'GET', `${MEAL}/feeders/999999`)).code).toBe(203335);
  });

  it('keeps each kind behind its page (10009)', async () => {
    expect((await page('shed', shedOnly)).code).toBe(1);
    expect((await page('field', shedOnly)).code).toBe(10009);
    expect((await add({ penId: penIds[1], meals: TWO }, shedOnly)).code).toBe(10009);
    expect((await call(ctx, shedOnly, 'DELETE', `${MEAL}/${penAdjustId}`)).code).toBe(10009);
  });

  it('lists only what the account sees and leaves the house adjustment to those who see all its pens', async () => {
    expect((await page('shed', other)).data.total).toBe(0);
    expect((await page('shed', limited)).data.total).toBe(0);
    expect((await page('field', penLimited)).data.list.map((a) => a.penName)).toEqual(['P1']);
    expect((await page('shed', penLimited)).data.total).toBe(1);
    expect((await call(ctx, penLimited, 'DELETE', `${MEAL}/${houseId}`)).code).toBe(10009);
    expect((await page('shed', admin, `&shedId=${foreignShed}`)).code).toBe(203334);
    expect((await page('shed', admin, `&shedId=${otherShed}`)).data.total).toBe(0);
  });

  it('deletes an adjustment', async () => {
    expect((await call(ctx, admin, 'DELETE', `${MEAL}/${houseId}`)).code).toBe(1);
    expect((await page('shed')).data.total).toBe(0);
    expect((await call(ctx, admin, 'DELETE', `${MEAL}/${houseId}`)).code).toBe(203335);
  });
});
