import { and, desc, eq, inArray } from 'drizzle-orm';
import { dayAgeOn } from '@farmsense/shared';
import { flocks, sheds, standardCurves, telemetryLatest } from '../../db/tables.js';
import { farmDay } from '../../lib/farm-time.js';
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

export async function shedContext(db: DbOrTx, gatewayId: number, shedId: number, timeZone: string): Promise<ShedContext> {
  const [flock] = await db
    .select({ birthDate: flocks.birthDate, flockType: flocks.flockType })
    .from(flocks)
    .where(and(eq(flocks.shedId, shedId), eq(flocks.status, 1)))
    .orderBy(desc(flocks.startDate), desc(flocks.id))
    .limit(1);
  const [curve] = flock
    ? await db
        .select({ startDay: standardCurves.startDay, values: standardCurves.values })
        .from(standardCurves)
        .innerJoin(sheds, eq(sheds.farmId, standardCurves.farmId))
        .where(and(eq(sheds.id, shedId), eq(standardCurves.flockType, flock.flockType), eq(standardCurves.indicator, '01')))
    : [];
  const latestRows = await db
    .select({ key: telemetryLatest.key, value: telemetryLatest.value })
    .from(telemetryLatest)
    .where(and(eq(telemetryLatest.gatewayId, gatewayId), inArray(telemetryLatest.key, ['dayAge.1', 'targetTemp.1'])));
  const latest = new Map(latestRows.map((r) => [r.key, r.value]));
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
