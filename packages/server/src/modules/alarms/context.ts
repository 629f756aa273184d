import { and, desc, eq, inArray } from 'drizzle-orm';
import { dayAgeOn, farmDay } from '@farmsense/shared';
import { flocks, sheds, standardCurves, telemetryLatest } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';

/**
 * What a threshold rule needs besides the reading: the shed's day age and the day's target
 * temperature at the reading's time. Sources, first found wins:
 * - day age: the shed's current flock (hatch date, farm calendar day), else the controller's own
 *   `dayAge.1` (in the same message, else its latest);
 * - target: the farm's standard curve `targetTemp` ('01') for the flock's type at that day age,
 *   else the controller's `targetTemp.1` (same message, else latest).
 * Pig houses have no flocks: there the controller's values are the only source. A relative stage
 * with no target is not evaluated (logic.ts `limitsOf`), and without a day age only an all-ages
 * stage applies (`stageFor`).
 */
export interface ShedContext {
  dayAgeAt(ts: number, values: Readonly<Record<string, number>>): number | null;
  targetAt(dayAge: number | null, values: Readonly<Record<string, number>>): number | null;
}

/** The context of one gateway's shed (shedContexts for one). */
export async function shedContext(db: DbOrTx, gatewayId: number, shedId: number, timeZone: string): Promise<ShedContext> {
  return (await shedContexts(db, [{ gatewayId, shedId, timeZone }])).get(gatewayId)!;
}

/** The contexts of several gateways' sheds, by gateway id, in three statements however many there are. */
export async function shedContexts(
  db: DbOrTx,
  refs: readonly { gatewayId: number; shedId: number; timeZone: string }[],
): Promise<Map<number, ShedContext>> {
  const out = new Map<number, ShedContext>();
  if (refs.length === 0) return out;
  const shedIds = [...new Set(refs.map((r) => r.shedId))];
  // Each shed's current flock: the newest started (then the highest id) in progress.
  const flockRows = await db
    .selectDistinctOn([flocks.shedId], { shedId: flocks.shedId, birthDate: flocks.birthDate, flockType: flocks.flockType })
    .from(flocks)
    .where(and(inArray(flocks.shedId, shedIds), eq(flocks.status, 1)))
    .orderBy(flocks.shedId, desc(flocks.startDate), desc(flocks.id));
  const flockOf = new Map(flockRows.map((f) => [f.shedId, f]));
  const curveRows =
    flockRows.length === 0
      ? []
      : await db
          .select({
            shedId: sheds.id,
            flockType: standardCurves.flockType,
            startDay: standardCurves.startDay,
            values: standardCurves.values,
          })
          .from(standardCurves)
          .innerJoin(sheds, eq(sheds.farmId, standardCurves.farmId))
          .where(
            and(
              inArray(
                sheds.id,
                flockRows.map((f) => f.shedId),
              ),
              inArray(standardCurves.flockType, [...new Set(flockRows.map((f) => f.flockType))]),
              eq(standardCurves.indicator, '01'),
            ),
          );
  const latestRows = await db
    .select({ gatewayId: telemetryLatest.gatewayId, key: telemetryLatest.key, value: telemetryLatest.value })
    .from(telemetryLatest)
    .where(
      and(
        inArray(
          telemetryLatest.gatewayId,
          refs.map((r) => r.gatewayId),
        ),
        inArray(telemetryLatest.key, ['dayAge.1', 'targetTemp.1']),
      ),
    );
  for (const { gatewayId, shedId, timeZone } of refs) {
    const flock = flockOf.get(shedId);
    const curve = flock ? curveRows.find((c) => c.shedId === shedId && c.flockType === flock.flockType) : undefined;
    const latest = new Map(latestRows.filter((r) => r.gatewayId === gatewayId).map((r) => [r.key, r.value]));
    out.set(gatewayId, contextOf(flock, curve, latest, timeZone));
  }
  return out;
}

function contextOf(
  flock: Pick<typeof flocks.$inferSelect, 'birthDate'> | undefined,
  curve: Pick<typeof standardCurves.$inferSelect, 'startDay' | 'values'> | undefined,
  latest: Map<string, number>,
  timeZone: string,
): ShedContext {
  const own = (key: string, values: Readonly<Record<string, number>>): number | null => values[key] ?? latest.get(key) ?? null;
  return {
    dayAgeAt: (ts, values) => {
      if (flock) return dayAgeOn(flock.birthDate, farmDay(new Date(ts), timeZone));
      const v = own('dayAge.1', values);
      return v === null ? null : Math.round(v);
    },
    targetAt: (dayAge, values) => {
      if (curve && dayAge !== null) {
        const v = curve.values[dayAge - curve.startDay];
        if (typeof v === 'number' && Number.isFinite(v)) return v;
      }
      return own('targetTemp.1', values);
    },
  };
}
