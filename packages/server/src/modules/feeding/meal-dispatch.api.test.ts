import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MealAdjustRow, type MealFeederRow, type OptionLogRow, type Page, type PlanRow } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { FakeController, SAFE_CODE, safeCodeAdmin, securityCode } from '../control/control.fixtures.js';
import { feederPens, lactationFeed, lactationPlan, type FeederSet } from './feeding.fixtures.js';

const PLAN = '/api/feeding/plan';
const MEAL = '/api/feeding/meal';
const PLAN_MEALS = [{ startMinute: 360, endMinute: 420, share: 100 }];
const HOUSE_MEALS = [
  { startMinute: 300, endMinute: 330, share: 40 },
  { startMinute: 960, endMinute: 990, share: 60 },
];
const PEN_MEALS = [
  { startMinute: 240, endMinute: 260, share: 30 },
  { startMinute: 720, endMinute: 740, share: 30 },
  { startMinute: 1200, endMinute: 1220, share: 40 },
];
const wire = (meals: typeof PLAN_MEALS) => meals.map((m) => ({ start: m.startMinute, end: m.endMinute, share: m.share }));

/**
 * A plan's dispatch with meal adjustments: each feeder's copy carries its pen's adjustment over
 * its house's over the plan (part by part); the adjustment page shows which feeders confirmed the
 * adjusted meals; a re-dispatch of the house or of one pen, with the security code, sends those
 * feeders their plan again with the adjustment, one option-log entry per feeder (203336 without
 * feeders, 20095 without a plan).
 */
describe(`feeding meal adjustments on dispatch (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let set: FeederSet;
  let code: string;
  let farm: number;
  let shed: number;
  let bare: number;
  let penIds: number[];
  let planId: number;
  let houseAdjust: number;
  let penAdjust: number;
  let device: FakeController;
  let admin: number;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    code = `fs-fdmeal${TEST_DB === 'postgres' ? 'p' : 'g'}${Date.now() % 100000}`;
    const w = await feederPens(ctx, { name: 'Meal Link', houses: ['Farrowing ML', 'Farrowing Bare'], code });
    const { tenant } = w;
    ({ farm, shed, otherShed: bare, penIds, set } = w);
    const feed = await lactationFeed(ctx, tenant);
    ({ id: admin, token } = await safeCodeAdmin(ctx, tenant, 'mll-admin'));
    const add = await call<{ id: number }>(ctx, token, 'POST', PLAN, lactationPlan({ farmId: farm, shedId: shed }, feed, PLAN_MEALS));
    planId = add.data.id;
    device = await FakeController.connect(ctx, code);
  });
  afterAll(async () => {
    await device?.close();
    await ctx?.close();
  });

  const adjust = (body: Record<string, unknown>) =>
    call<{ id: number }>(ctx, token, 'POST', MEAL, { farmId: farm, shedId: shed, meals: null, ration: null, ...body });
  const plan = async () => (await call<PlanRow>(ctx, token, 'GET', `${PLAN}/${planId}`)).data;
  const feeders = async (id: number) => (await call<MealFeederRow[]>(ctx, token, 'GET', `${MEAL}/feeders/${id}`)).data;
  const row = async (kind: string, id: number) =>
    (await call<Page<MealAdjustRow>>(ctx, token, 'GET', `${MEAL}/page?pageNo=1&pageSize=20&kind=${kind}`)).data.list.find(
      (a) => a.id === id,
    )!;
  const redispatch = async (id: number, secret = SAFE_CODE) =>
    call<{ feeders: number; plans: number }>(ctx, token, 'POST', `${MEAL}/dispatch`, {
      id,
      codeKind: 'security',
      code: await securityCode(ctx, secret),
    });
  /** The house's option log of the feeding group, newest first: action, house, account, confirmation, answer, feeder. */
  const feedingLog = async () =>
    (
      await call<Page<OptionLogRow>>(
        ctx,
        token,
        'GET',
        `/api/remotecontrol/optionLog/page?pageNo=1&pageSize=20&shedId=${shed}&group=feeding`,
      )
    ).data.list.map((l) => [
      l.action,
      l.shedId,
      l.accountId,
      l.accountName,
      l.codeKind,
      l.status,
      (l.toValue as { feeder: string }).feeder,
    ]);
  const logged = (status: string, ...feeders: string[]) =>
    feeders.map((f) => ['redispatch', shed, admin, 'Name of mll-admin', 'security', status, f]);
  /** The newest command each feeder received, by its bus number. */
  const lastOf = () => new Map(device.distinct.map((c) => [String(c.params.feeder), c.params]));

  it('sends each feeder the pen adjustment over the house adjustment over the plan', async () => {
    houseAdjust = (await adjust({ meals: HOUSE_MEALS, ration: { unit: 'percent', value: 10 } })).data.id;
    penAdjust = (await adjust({ penId: penIds[0], ration: { unit: 'kg', value: -0.5 } })).data.id;
    expect((await adjust({ penId: penIds[1], meals: PEN_MEALS })).code).toBe(1);
    expect((await call(ctx, token, 'POST', `${PLAN}/dispatch`, { id: planId })).code).toBe(1);
    await waitFor(async () => (await plan()).dispatchStatus === 'dispatched');
    const last = lastOf();
    // Pen 1: its own ration (-0.5 kg) with the house's meals.
    expect(last.get('001')).toMatchObject({
      stages: [
        { startDay: 1, endDay: 10, grams: 3500 },
        { startDay: 11, endDay: 28, grams: 4500 },
      ],
      meals: wire(HOUSE_MEALS),
    });
    // Pen 2: its own meals with the house's ration (+10 %).
    expect(last.get('002')).toMatchObject({ stages: [{ grams: 4400 }, { grams: 5500 }], meals: wire(PEN_MEALS) });
    // Pen 3: the house's adjustment alone.
    expect(last.get('003')).toMatchObject({ stages: [{ grams: 4400 }, { grams: 5500 }], meals: wire(HOUSE_MEALS) });
  });

  it('shows which feeders confirmed the adjusted meals', async () => {
    const house = await feeders(houseAdjust);
    expect(house.map((f) => [f.feederNo, f.planName, f.status, f.result, f.adjusted])).toEqual([
      ['001', 'Lactation', 'sent', 1, true],
      ['002', 'Lactation', 'sent', 1, true],
      ['003', 'Lactation', 'sent', 1, true],
    ]);
    expect((await feeders(penAdjust)).map((f) => f.feederId)).toEqual([set.feeders[0]]);
    expect(await row('shed', houseAdjust)).toMatchObject({ feeders: 3, confirmed: 3 });
    expect(await row('field', penAdjust)).toMatchObject({ feeders: 1, confirmed: 1 });
  });

  it('marks the copies stale after a change and sends the house again with the security code', async () => {
    const changed = await call(ctx, token, 'PUT', MEAL, {
      id: houseAdjust,
      farmId: farm,
      shedId: shed,
      meals: HOUSE_MEALS,
      ration: { unit: 'percent', value: -20 },
    });
    expect(changed.code).toBe(1);
    // The plan dispatch is no option-log entry (audited by the feeding module).
    expect(await feedingLog()).toEqual([]);
    expect((await feeders(houseAdjust)).map((f) => f.adjusted)).toEqual([false, false, false]);
    expect(await row('shed', houseAdjust)).toMatchObject({ feeders: 3, confirmed: 0 });
    const before = device.distinct.length;
    expect((await redispatch(houseAdjust, '999999')).code).toBe(20058);
    expect(device.distinct.length).toBe(before);
    expect((await call(ctx, token, 'POST', `${MEAL}/dispatch`, { id: houseAdjust, codeKind: 'security', code: 'x' })).code).toBe(20055);
    expect(await feedingLog()).toEqual([]);
    const sent = await redispatch(houseAdjust);
    expect(sent.data).toEqual({ feeders: 3, plans: 1 });
    await waitFor(async () => (await row('shed', houseAdjust)).confirmed === 3);
    // One entry per feeder, as the remote feeder actions write them, with the device's answer.
    await waitFor(async () => (await feedingLog()).every((l) => l[5] === 'synced'));
    expect(await feedingLog()).toEqual(logged('synced', '003', '002', '001'));
    const last = lastOf();
    expect(last.get('001')).toMatchObject({ stages: [{ grams: 3500 }, { grams: 4500 }] });
    expect(last.get('003')).toMatchObject({ stages: [{ grams: 3200 }, { grams: 4000 }], meals: wire(HOUSE_MEALS) });
    expect((await plan()).dispatchStatus).toBe('dispatched');
    expect((await feeders(houseAdjust)).map((f) => [f.attempts, f.adjusted])).toEqual([
      [2, true],
      [2, true],
      [2, true],
    ]);
  });

  it('sends one pen alone again', async () => {
    const before = device.distinct.length;
    const sent = await redispatch(penAdjust);
    expect(sent.data).toEqual({ feeders: 1, plans: 1 });
    await waitFor(() => device.distinct.length > before);
    await waitFor(async () => (await plan()).dispatchStatus === 'dispatched');
    expect(new Set(device.distinct.slice(before).map((c) => c.params.feeder))).toEqual(new Set(['001']));
    await waitFor(async () => (await feedingLog())[0]?.[5] === 'synced');
    expect(await feedingLog()).toEqual(logged('synced', '001', '003', '002', '001'));
  });

  it('answers 203336 for a house without feeders and 20095 for feeders no plan was dispatched to', async () => {
    const empty = await adjust({ shedId: bare, meals: HOUSE_MEALS });
    expect((await redispatch(empty.data.id)).code).toBe(203336);
    await ctx.database.query('DELETE FROM feeding_dispatches WHERE plan_id = $1', [planId]);
    expect((await redispatch(houseAdjust)).code).toBe(20095);
    expect((await feeders(houseAdjust)).map((f) => [f.status, f.planId, f.adjusted])).toEqual([
      ['notSent', null, false],
      ['notSent', null, false],
      ['notSent', null, false],
    ]);
  });
});
