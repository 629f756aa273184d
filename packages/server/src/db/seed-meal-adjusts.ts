import { asc, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { feedingMealAdjusts, pens } from './tables.js';
import { DEMO_FEEDER_HOUSE } from './demo-codes.js';
import { demoHouse } from './demo-tenant.js';

/**
 * The demo meal adjustments (/accurate-feeding/meal/shed and /field, issue 15) on the farrowing
 * house "Farrowing 1": the house moves its plan's four meals to cooler hours in summer and feeds
 * 5 % more; its first pen (the young sows) gets 0.5 kg less a day and keeps the house's meals.
 * With DEMO=1 the demo feeders' confirmed copies carry them (seed-feed-devices.ts).
 */
const HOUSE_MEALS = [
  { startMinute: 5 * 60 + 30, endMinute: 6 * 60 + 30, share: 30 },
  { startMinute: 9 * 60 + 30, endMinute: 10 * 60 + 30, share: 20 },
  { startMinute: 15 * 60, endMinute: 16 * 60, share: 20 },
  { startMinute: 19 * 60, endMinute: 20 * 60, share: 30 },
];

/** Adds the two adjustments once; false when the house is missing or it has any. */
export async function seedMealAdjusts(db: Db): Promise<boolean> {
  const house = await demoHouse(db, DEMO_FEEDER_HOUSE);
  if (!house) return false;
  const at = { tenantId: house.tenantId, farmId: house.farmId, shedId: house.id };
  const [existing] = await db.select({ id: feedingMealAdjusts.id }).from(feedingMealAdjusts).where(eq(feedingMealAdjusts.shedId, house.id));
  if (existing) return false;
  const [pen] = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, house.id)).orderBy(asc(pens.fieldColumn), asc(pens.id));
  await db
    .insert(feedingMealAdjusts)
    .values([
      { ...at, penId: null, meals: HOUSE_MEALS, rationUnit: 'percent', rationValue: 5, remark: 'Summer hours' },
      ...(pen ? [{ ...at, penId: pen.id, meals: null, rationUnit: 'kg', rationValue: -0.5, remark: 'Gilts' }] : []),
    ]);
  return true;
}
