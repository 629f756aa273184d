import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { AppError, ErrorCodes, type FeederDispatchStatus, type MealFeederRow } from '@farmsense/shared';
import { gateways, pens } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { feedDevices } from './device-tables.js';
import { collector, concentrator } from './feeder-chain.js';
import type { feedingMealAdjusts } from './meal-tables.js';
import { feedingDispatches, feedingPlans } from './tables.js';

/**
 * The feeders of adjusted houses and pens with the copy each runs: the newest copy of any plan of
 * its house that was dispatched (the plan dispatch's row shape, feeding_dispatches). A copy
 * written at or after the adjustment's last change was computed with it as it is now (every copy
 * goes through meal-apply.ts), so `adjusted` tells whether the feeder has been sent the adjusted
 * meals, and `status` sent with `result` 1 that it confirmed them.
 */
type AdjustRecord = typeof feedingMealAdjusts.$inferSelect;

/** The feeders of these houses, with the gateway of their concentrator and their pen. */
export async function feedersOfHouses(db: DbOrTx, tenantId: number, shedIds: number[]) {
  if (shedIds.length === 0) return [];
  return db
    .select({ f: feedDevices, gatewayCode: gateways.code, pen: pens })
    .from(feedDevices)
    .leftJoin(collector, eq(collector.id, feedDevices.parentId))
    .leftJoin(concentrator, eq(concentrator.id, collector.parentId))
    .leftJoin(gateways, eq(gateways.id, concentrator.gatewayId))
    .leftJoin(pens, eq(pens.id, feedDevices.penId))
    .where(and(eq(feedDevices.tenantId, tenantId), inArray(feedDevices.shedId, [...new Set(shedIds)]), eq(feedDevices.kind, 'feeder')))
    .orderBy(asc(feedDevices.deviceNo), asc(feedDevices.id));
}

/** Each feeder's newest copy of a dispatched plan of its own house, with the plan's name. */
export async function latestCopies(db: DbOrTx, feederIds: number[]) {
  if (feederIds.length === 0) return new Map<number, { d: typeof feedingDispatches.$inferSelect; planName: string }>();
  const rows = await db
    .select({ d: feedingDispatches, planName: feedingPlans.name, planShed: feedingPlans.shedId, feederShed: feedDevices.shedId })
    .from(feedingDispatches)
    .innerJoin(feedingPlans, eq(feedingPlans.id, feedingDispatches.planId))
    .innerJoin(feedDevices, eq(feedDevices.id, feedingDispatches.feederId))
    .where(and(inArray(feedingDispatches.feederId, feederIds), notInArray(feedingPlans.dispatchStatus, ['draft', 'scheduled'])))
    .orderBy(desc(feedingDispatches.sentAt), desc(feedingDispatches.id));
  const out = new Map<number, { d: typeof feedingDispatches.$inferSelect; planName: string }>();
  for (const r of rows) {
    if (r.planShed !== r.feederShed || r.d.feederId === null || out.has(r.d.feederId)) continue;
    out.set(r.d.feederId, { d: r.d, planName: r.planName });
  }
  return out;
}

/** The feeder rows of each adjustment (by id): the house's feeders, or the pen's. */
export async function feederStates(db: DbOrTx, adjusts: AdjustRecord[]): Promise<Map<number, MealFeederRow[]>> {
  const out = new Map<number, MealFeederRow[]>();
  if (adjusts.length === 0) return out;
  const feeders = await feedersOfHouses(
    db,
    adjusts[0]!.tenantId,
    adjusts.map((a) => a.shedId),
  );
  const copies = await latestCopies(
    db,
    feeders.map((r) => r.f.id),
  );
  for (const a of adjusts) {
    const own = feeders.filter((r) => r.f.shedId === a.shedId && (a.penId === null || r.f.penId === a.penId));
    out.set(
      a.id,
      own.map(({ f, gatewayCode, pen }) => {
        const c = copies.get(f.id);
        return {
          feederId: f.id,
          feederNo: f.deviceNo,
          feederName: f.name,
          penId: pen?.id ?? null,
          penColumn: pen?.fieldColumn ?? null,
          penRow: pen?.field ?? null,
          gatewayCode: gatewayCode ?? '',
          version: c?.d.version ?? null,
          // The check constraint keeps it to the three states.
          status: (c?.d.status ?? 'notSent') as FeederDispatchStatus,
          result: c?.d.result ?? null,
          attempts: c?.d.attempts ?? 0,
          sentAt: c?.d.sentAt?.getTime() ?? null,
          updatedAt: (c?.d.updatedAt ?? f.updatedAt).getTime(),
          planId: c?.d.planId ?? null,
          planName: c?.planName ?? null,
          adjusted: !!c?.d.sentAt && c.d.sentAt.getTime() >= a.updatedAt.getTime(),
        };
      }),
    );
  }
  return out;
}

/** 203336 when the adjusted house or pen has no feeder. */
export function assertFeeders(rows: MealFeederRow[]): void {
  if (rows.length === 0) throw new AppError(ErrorCodes.FEEDER_NOT_FOUND, { data: { feeders: 0 } });
}
