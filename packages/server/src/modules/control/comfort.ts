import { and, desc, eq } from 'drizzle-orm';
import { dayAgeOn } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { flocks, sheds, standardCurves } from '../../db/tables.js';
import { farmDay } from '../../lib/farm-time.js';

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

export async function shedComfort(db: Db, shedId: number, timeZone: string): Promise<ShedComfort> {
  const [flock] = await db
    .select({ birthDate: flocks.birthDate, flockType: flocks.flockType })
    .from(flocks)
    .where(and(eq(flocks.shedId, shedId), eq(flocks.status, 1)))
    .orderBy(desc(flocks.startDate), desc(flocks.id))
    .limit(1);
  if (!flock) return { dayAge: null, comfort: null };
  const [curve] = await db
    .select({ startDay: standardCurves.startDay, values: standardCurves.values })
    .from(standardCurves)
    .innerJoin(sheds, eq(sheds.farmId, standardCurves.farmId))
    .where(and(eq(sheds.id, shedId), eq(standardCurves.flockType, flock.flockType), eq(standardCurves.indicator, '01')));
  return {
    dayAge: dayAgeOn(flock.birthDate, farmDay(new Date(), timeZone)),
    comfort: curve ? { startDay: curve.startDay, values: curve.values.map((v) => (Number.isFinite(v) ? v : null)) } : null,
  };
}
