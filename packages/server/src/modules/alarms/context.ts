import { dayAgeOn } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { farmDay } from '../../lib/farm-time.js';

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
  targetAt(ts: number, dayAge: number | null, values: Readonly<Record<string, number>>): number | null;
}

interface FlockRow {
  birth_date: string;
  flock_type: number;
}
interface CurveRow {
  start_day: number;
  values: number[];
}

export async function shedContext(database: Database, gatewayId: number, shedId: number, timeZone: string): Promise<ShedContext> {
  const [flock] = await database.query<FlockRow>(
    `SELECT birth_date::text AS birth_date, flock_type FROM flocks WHERE shed_id = $1 AND status = 1 ORDER BY start_date DESC, id DESC LIMIT 1`,
    [shedId],
  );
  const curve = flock
    ? (
        await database.query<CurveRow>(
          `SELECT c.start_day, c.values FROM standard_curves c JOIN sheds s ON s.farm_id = c.farm_id
            WHERE s.id = $1 AND c.flock_type = $2 AND c.indicator = '01'`,
          [shedId, flock.flock_type],
        )
      )[0]
    : undefined;
  const latest = new Map(
    (
      await database.query<{ key: string; value: number }>(
        `SELECT key, value FROM telemetry_latest WHERE gateway_id = $1 AND key IN ('dayAge.1', 'targetTemp.1')`,
        [gatewayId],
      )
    ).map((r) => [r.key, r.value]),
  );
  const own = (key: string, values: Readonly<Record<string, number>>): number | null => values[key] ?? latest.get(key) ?? null;
  return {
    dayAgeAt: (ts, values) => {
      if (flock) return dayAgeOn(flock.birth_date, farmDay(new Date(ts), timeZone));
      const v = own('dayAge.1', values);
      return v === null ? null : Math.round(v);
    },
    targetAt: (_ts, dayAge, values) => {
      if (curve && dayAge !== null) {
        const v = curve.values[dayAge - curve.start_day];
        if (typeof v === 'number' && Number.isFinite(v)) return v;
      }
      return own('targetTemp.1', values);
    },
  };
}
