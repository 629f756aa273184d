import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { dayAgeOn, farmDay } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { flocks, sheds, standardCurves } from '../../db/tables.js';

/**
 * The reference a day-age temperature curve is checked against: the house's current flock (its
 * day age today on the farm's calendar) and the farm's standard curve of indicator '01' (target
 * temperature) for that flock's type, the breed's comfort curve. Pig houses and empty houses have
 * neither, and their curves are not checked.
 */
export interface ShedComfort {
  dayAge: number | null;
  comfort: { startDay: number; values: (number | null)[] } | null;
}

const NONE: ShedComfort = { dayAge: null, comfort: null };

/**
 * The comfort reference of each house (by id; houses without a current flock get none), in one
 * query however many houses: each house's newest current flock with its farm's curve for the
 * flock's type. `timeZone` is each house's farm's, for today's day age.
 */
export async function shedComforts(db: Db, houses: readonly { id: number; timeZone: string }[]): Promise<Map<number, ShedComfort>> {
  const out = new Map<number, ShedComfort>(houses.map((h) => [h.id, NONE]));
  if (houses.length === 0) return out;
  const rows = await db
    .selectDistinctOn([flocks.shedId], {
      shedId: flocks.shedId,
      birthDate: flocks.birthDate,
      startDay: standardCurves.startDay,
      values: standardCurves.values,
    })
    .from(flocks)
    .innerJoin(sheds, eq(sheds.id, flocks.shedId))
    .leftJoin(
      standardCurves,
      and(eq(standardCurves.farmId, sheds.farmId), eq(standardCurves.flockType, flocks.flockType), eq(standardCurves.indicator, '01')),
    )
    .where(and(inArray(flocks.shedId, [...out.keys()]), eq(flocks.status, 1)))
    .orderBy(asc(flocks.shedId), desc(flocks.startDate), desc(flocks.id));
  const today = new Map<string, string>();
  const zoneOf = new Map(houses.map((h) => [h.id, h.timeZone]));
  for (const r of rows) {
    const zone = zoneOf.get(r.shedId)!;
    if (!today.has(zone)) today.set(zone, farmDay(new Date(), zone));
    out.set(r.shedId, {
      dayAge: dayAgeOn(r.birthDate, today.get(zone)!),
      comfort:
        r.startDay !== null && r.values !== null
          ? { startDay: r.startDay, values: r.values.map((v) => (Number.isFinite(v) ? v : null)) }
          : null,
    });
  }
  return out;
}

export async function shedComfort(db: Db, shedId: number, timeZone: string): Promise<ShedComfort> {
  return (await shedComforts(db, [{ id: shedId, timeZone }])).get(shedId) ?? NONE;
}
