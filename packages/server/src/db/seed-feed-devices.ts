import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { FEEDER_DEFAULTS } from '@farmsense/shared';
import { hashCheckCode } from '../lib/check-codes.js';
import { adjustedRation, adjustsOf } from '../modules/feeding/index.js';
import type { Db, Tx } from './client.js';
import { DEMO_CHECK_CODE, DEMO_FEEDER_HOUSE } from './demo-codes.js';
import { demoHouse } from './demo-tenant.js';
import { seedDemoFeedRemote } from './seed-feed-remote.js';
import {
  controlCommands,
  feedDevices,
  feedingDispatches,
  feedingPlanMeals,
  feedingPlans,
  feedingPlanStages,
  gateways,
  pens,
} from './tables.js';

/**
 * The demo sow farm's feeders (issue 15): the farrowing house "Farrowing 1" of the Demo Pig Farm
 * has a feeder main unit (gateway `fs-demofeed1`, type 102, category 203; not a climate gateway,
 * so the climate fleet of demo-fleet.ts leaves it to the feeder simulator) with its concentrator,
 * two collectors on its bus (one per pair of rows) and one feeder per farrowing crate, six crates
 * to a row, each row a pen of the house: 24 feeders. The house's plan "Lactating sows"
 * (seed-feeding.ts) is dispatched to them and confirmed (a synced `setRation` per feeder, as the
 * feeding module writes them), so the simulated feeders feed by it from the first start and the
 * monitor shows their reports. With DEMO=1 at start (services.ts), not in seedDemo, so the API
 * tests' demo tenant keeps its six gateways.
 */
export const DEMO_FEEDER_GATEWAY = 'fs-demofeed1';
/** The house of the demo feeders; it has a silo of its own (seed-silos.ts), so its feed is reconciled. */
const CRATES_PER_PEN = 6;

/** Creates the hierarchy once; false when the demo tenant or house is missing or it exists. */
export async function seedDemoFeeders(db: Db): Promise<boolean> {
  const house = await demoHouse(db, DEMO_FEEDER_HOUSE);
  if (!house) return false;
  const [done] = await db.select({ id: gateways.id }).from(gateways).where(eq(gateways.code, DEMO_FEEDER_GATEWAY));
  if (done) return false;
  const rows = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, house.id)).orderBy(asc(pens.fieldColumn), asc(pens.id));
  const checkCode = await hashCheckCode(DEMO_CHECK_CODE);
  await db.transaction(async (tx) => {
    const at = { tenantId: house.tenantId, farmId: house.farmId, shedId: house.id };
    const [gw] = await tx
      .insert(gateways)
      .values({
        ...at,
        code: DEMO_FEEDER_GATEWAY,
        name: `${DEMO_FEEDER_HOUSE} feeder main unit`,
        gatewayType: 102,
        deviceCategory: 203,
        model: 'FS-FEED-J16',
        serialNo: 'SN-FEED-0001',
        checkCode,
      })
      .returning({ id: gateways.id });
    const serial = { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' };
    const [jzq] = await tx
      .insert(feedDevices)
      .values({
        ...at,
        ...serial,
        kind: 'concentrator',
        gatewayId: gw!.id,
        deviceNo: 'J01',
        name: `${DEMO_FEEDER_HOUSE} concentrator`,
        model: 'FS-FEED-J16',
      })
      .returning({ id: feedDevices.id });
    const halves = [rows.slice(0, Math.ceil(rows.length / 2)), rows.slice(Math.ceil(rows.length / 2))].filter((h) => h.length > 0);
    let crate = 0;
    for (const [i, half] of halves.entries()) {
      const no = String(i + 1).padStart(2, '0');
      const [cjq] = await tx
        .insert(feedDevices)
        .values({ ...at, ...serial, kind: 'collector', parentId: jzq!.id, deviceNo: no, name: `Collector ${no}`, model: 'FS-FEED-C32' })
        .returning({ id: feedDevices.id });
      const feeders = half.flatMap((pen) =>
        Array.from({ length: CRATES_PER_PEN }, () => {
          crate++;
          return {
            ...at,
            kind: 'feeder',
            parentId: cjq!.id,
            penId: pen.id,
            deviceNo: String(crate).padStart(3, '0'),
            name: `Crate ${crate}`,
            model: 'FS-FEED-S1',
            ...FEEDER_DEFAULTS,
          };
        }),
      );
      await tx.insert(feedDevices).values(feeders);
    }
    await confirmDemoDispatch(tx, { ...at, gatewayId: gw!.id });
    await seedDemoFeedRemote(tx, { ...at, gatewayId: gw!.id });
  });
  return true;
}

const DEMO_PLAN = 'Lactating sows';

/** The demo plan of the house as its feeders confirmed it: one synced command and one confirmed copy per feeder. */
async function confirmDemoDispatch(tx: Tx, at: { tenantId: number; farmId: number; shedId: number; gatewayId: number }): Promise<void> {
  const [plan] = await tx
    .select({ id: feedingPlans.id })
    .from(feedingPlans)
    .where(and(eq(feedingPlans.shedId, at.shedId), eq(feedingPlans.name, DEMO_PLAN)));
  if (!plan) return;
  const stages = await tx.select().from(feedingPlanStages).where(eq(feedingPlanStages.planId, plan.id)).orderBy(asc(feedingPlanStages.seq));
  const meals = await tx.select().from(feedingPlanMeals).where(eq(feedingPlanMeals.planId, plan.id)).orderBy(asc(feedingPlanMeals.seq));
  const feeders = await tx
    .select({ id: feedDevices.id, no: feedDevices.deviceNo, collectorId: feedDevices.parentId, penId: feedDevices.penId })
    .from(feedDevices)
    .where(and(eq(feedDevices.shedId, at.shedId), eq(feedDevices.kind, 'feeder')))
    .orderBy(asc(feedDevices.id));
  const collectors = await tx
    .select({ id: feedDevices.id, no: feedDevices.deviceNo })
    .from(feedDevices)
    .where(and(eq(feedDevices.shedId, at.shedId), eq(feedDevices.kind, 'collector')));
  // Each copy as the dispatch writes it: the house's and the pen's meal adjustments applied (seed-meal-adjusts.ts).
  const adjusts = await adjustsOf(tx, at.shedId);
  const base = {
    planId: plan.id,
    stages: stages.map((s) => ({ startDay: s.startDay, endDay: s.endDay, grams: s.dailyAmount })),
    meals: meals.map((m) => ({ startMinute: m.startMinute, endMinute: m.endMinute, share: m.share })),
  };
  const sent = new Date();
  const acked = new Date(sent.getTime() + 2_000);
  const rows = feeders.map((f, i) => ({
    id: randomUUID(),
    version: i + 1,
    feederId: f.id,
    payload: {
      feederId: f.id,
      collector: collectors.find((c) => c.id === f.collectorId)!.no,
      feeder: f.no,
      ...adjustedRation(base, adjusts, f.penId),
    },
  }));
  if (rows.length === 0) return;
  await tx.insert(controlCommands).values(
    rows.map((r) => ({
      id: r.id,
      tenantId: at.tenantId,
      farmId: at.farmId,
      shedId: at.shedId,
      gatewayId: at.gatewayId,
      grp: 'feeding',
      version: r.version,
      op: 'setRation',
      payload: r.payload,
      status: 'synced',
      expiresAt: new Date(sent.getTime() + 6 * 3_600_000),
      attempts: 1,
      lastSentAt: sent,
      ackMsg: 'ok',
      ackedAt: acked,
    })),
  );
  await tx.insert(feedingDispatches).values(
    rows.map((r) => ({
      tenantId: at.tenantId,
      planId: plan.id,
      gatewayId: at.gatewayId,
      feederId: r.feederId,
      commandId: r.id,
      version: r.version,
      status: 'sent',
      result: 1,
      attempts: 1,
      sentAt: sent,
      updatedAt: acked,
    })),
  );
  await tx.update(feedingPlans).set({ dispatchStatus: 'dispatched', updatedAt: acked }).where(eq(feedingPlans.id, plan.id));
}
