import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { detectParams, EMPTY_TRACK, isNewReading, levelOf, stepSilo, type SiloEvent, type TrackState, farmDay } from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { farms } from '../../db/tables.js';
import { siloDaily, siloDeliveries, siloState, silos } from './tables.js';

/**
 * Load-cell readings into silo state, deliveries and daily figures (shared silos/detect.ts). One
 * call takes one weigher gateway's readings, in time order, in one transaction per silo: the
 * silo's state row is locked, readings not newer than its `ts` are skipped (a redelivery, the
 * catch-up job reading what the subscriber already took, two processes), and the state, the new
 * deliveries (unique per silo and peak time) and the day sums are written together.
 */
export interface Reading {
  ts: number;
  values: Readonly<Record<string, number>>;
}

interface DayAcc {
  consumedKg: number;
  deliveredKg: number;
  deliveries: number;
  closingKg: number | null;
  closingTs: number | null;
}

/** The silos a weigher gateway weighs, with their farm's time zone. */
async function boundSilos(db: Db | Tx, gatewayId: number) {
  return db
    .select({ silo: silos, timeZone: farms.timeZone })
    .from(silos)
    .innerJoin(farms, eq(farms.id, silos.farmId))
    .where(and(eq(silos.gatewayId, gatewayId), isNotNull(silos.channel)));
}

/** Weighs a gateway's readings (oldest first) into each silo bound to one of its channels. */
export async function weighReadings(db: Db, gatewayId: number, readings: readonly Reading[], tx?: Tx): Promise<void> {
  const bound = await boundSilos(tx ?? db, gatewayId);
  for (const { silo, timeZone } of bound) {
    const key = `weight.${silo.channel}`;
    const mine = readings.filter((r) => typeof r.values[key] === 'number' && Number.isFinite(r.values[key]));
    if (mine.length === 0) continue;
    const run = (t: Tx): Promise<void> =>
      weighSilo(
        t,
        silo,
        timeZone,
        mine.map((r) => ({ ts: r.ts, kg: r.values[key]! })),
      );
    if (tx) await run(tx);
    else await db.transaction(run);
  }
}

async function weighSilo(tx: Tx, silo: typeof silos.$inferSelect, timeZone: string, readings: { ts: number; kg: number }[]): Promise<void> {
  // The lock orders two writers of one silo; the first reading of a silo has no row to lock yet,
  // and the upsert below keeps the newer state when two first readings race.
  const [prev] = await tx.select().from(siloState).where(eq(siloState.siloId, silo.id)).for('update');
  let track: TrackState = prev?.track ?? EMPTY_TRACK;
  const params = detectParams(silo.capacityKg);
  const days = new Map<string, DayAcc>();
  const dayOf = (ts: number): DayAcc => {
    const d = farmDay(new Date(ts), timeZone);
    let acc = days.get(d);
    if (!acc) days.set(d, (acc = { consumedKg: 0, deliveredKg: 0, deliveries: 0, closingKg: null, closingTs: null }));
    return acc;
  };
  const deliveries: Extract<SiloEvent, { kind: 'delivery' }>[] = [];
  let last: ReturnType<typeof stepSilo> | null = null;
  let lastTs = 0;
  for (const r of [...readings].sort((a, b) => a.ts - b.ts)) {
    if (!isNewReading(track, r.ts)) continue;
    const step = stepSilo(track, r.ts, r.kg, params);
    track = step.state;
    last = step;
    lastTs = r.ts;
    for (const e of step.events) {
      if (e.kind === 'consumption') dayOf(e.ts).consumedKg += e.kg;
      else {
        deliveries.push(e);
        const acc = dayOf(e.ts);
        acc.deliveredKg += e.kg;
        acc.deliveries += 1;
      }
    }
    const acc = dayOf(r.ts);
    acc.closingKg = step.weightKg;
    acc.closingTs = r.ts;
  }
  if (!last) return;

  const state = {
    siloId: silo.id,
    ts: new Date(lastTs),
    weightKg: last.weightKg,
    level: levelOf(last.weightKg, silo.capacityKg, silo.emptyPct, silo.fullPct),
    weightState: last.weightState,
    action: last.action,
    track,
  };
  await tx
    .insert(siloState)
    .values(state)
    .onConflictDoUpdate({ target: siloState.siloId, set: { ...state }, setWhere: sql`${siloState.ts} < excluded.ts` });

  if (deliveries.length > 0)
    await tx
      .insert(siloDeliveries)
      .values(
        deliveries.map((d) => ({
          tenantId: silo.tenantId,
          farmId: silo.farmId,
          siloId: silo.id,
          startedAt: new Date(d.startTs),
          ts: new Date(d.ts),
          kg: d.kg,
        })),
      )
      .onConflictDoNothing();

  for (const [day, acc] of days) {
    await tx
      .insert(siloDaily)
      .values({
        siloId: silo.id,
        day,
        tenantId: silo.tenantId,
        farmId: silo.farmId,
        consumedKg: acc.consumedKg,
        deliveredKg: acc.deliveredKg,
        deliveries: acc.deliveries,
        closingKg: acc.closingKg,
        closingTs: acc.closingTs === null ? null : new Date(acc.closingTs),
      })
      .onConflictDoUpdate({
        target: [siloDaily.siloId, siloDaily.day],
        set: {
          consumedKg: sql`${siloDaily.consumedKg} + excluded.consumed_kg`,
          deliveredKg: sql`${siloDaily.deliveredKg} + excluded.delivered_kg`,
          deliveries: sql`${siloDaily.deliveries} + excluded.deliveries`,
          closingKg: sql`CASE WHEN ${siloDaily.closingTs} IS NULL OR excluded.closing_ts > ${siloDaily.closingTs} THEN excluded.closing_kg ELSE ${siloDaily.closingKg} END`,
          closingTs: sql`GREATEST(${siloDaily.closingTs}, excluded.closing_ts)`,
        },
      });
  }
}

/** The gateways that weigh at least one silo, among these ids. */
export async function weighingGateways(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: silos.gatewayId })
    .from(silos)
    .where(inArray(silos.gatewayId, [...ids]));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}
