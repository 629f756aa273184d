import { daysBetween, FLOCK_STATUS, dayRange, farmDay } from '@farmsense/shared';
import type { EmptyHouse, FollowedFlock, ShedModel } from '../../../simulator/src/index.js';
import type { Database } from '../db/client.js';

/**
 * Keeps the simulated demo controllers of poultry houses in step with the flock register: left
 * to themselves they run a fixed 42 + 10 day broiler cycle, which drifts away from the flocks
 * people place and close. At start-up and every few minutes one query reads each house's current
 * flock, and the house's model follows it (ShedModel.followFlock): occupied with the register's
 * day age and birds present, or empty (washing days after the last flock left, preheat the day
 * before a flock entered with a future placement day). Pig houses keep the built-in cycle.
 *
 * Day ages: the register counts from hatch (day 0); the simulator reports that same number as
 * `dayAge.1`, so a broiler flock hatched the day before placement shows day 1 on placement day,
 * as the seeded demo flocks and the simulator's own cycle do.
 */
export interface SimulatedShed {
  gatewayId: number;
  model: ShedModel;
}

/** What the register says about one gateway's house. */
export interface HouseState {
  gatewayId: number;
  /** The current flock with birds in the house, or null when the house is empty. */
  flock: FollowedFlock | null;
  empty: EmptyHouse;
}

/** Minutes between two syncs: a flock placed or closed shows on its controller within this. */
export const FLOCK_SYNC_MS = 5 * 60_000;

interface Row {
  gateway_id: number;
  time_zone: string;
  birth: string | null;
  start: string | null;
  present: number | null;
  last_stop: string | null;
}

/**
 * The register's state of the houses of these gateways, in one query: per gateway with a house,
 * its current flock (the latest placed, should there be more than one) with birds present =
 * placement + in - out - dead - culled over all stock days (as flock-service presenceOf), and
 * the last stop day of the house's closed flocks. Gateways without a house are not returned.
 */
export async function houseStates(database: Database, gatewayIds: number[], now: number = Date.now()): Promise<HouseState[]> {
  if (gatewayIds.length === 0) return [];
  const rows = await database.query<Row>(
    `SELECT g.id AS gateway_id, fa.time_zone, cur.birth_date::text AS birth, cur.start_date::text AS start, cur.present::int AS present,
            (SELECT max(c.stop_date)::text FROM flocks c WHERE c.shed_id = g.shed_id AND c.status = $3) AS last_stop
       FROM gateways g
       JOIN sheds s ON s.id = g.shed_id
       JOIN farms fa ON fa.id = s.farm_id
       LEFT JOIN LATERAL (
         SELECT f.birth_date, f.start_date,
                f.male_count + f.female_count + coalesce((
                  SELECT sum(d.transfer_in - d.transfer_out - d.dead - d.culled) FROM flock_stock_days d WHERE d.flock_id = f.id), 0) AS present
           FROM flocks f
          WHERE f.shed_id = g.shed_id AND f.status = $2
          ORDER BY f.start_date DESC, f.id DESC
          LIMIT 1) cur ON true
      WHERE g.id = ANY($1::int[])`,
    [gatewayIds, FLOCK_STATUS.CURRENT, FLOCK_STATUS.CLOSED],
  );
  return rows.map((r) => {
    const today = farmDay(new Date(now), r.time_zone);
    const placed = r.birth !== null && r.start !== null && r.start <= today;
    const present = Number(r.present ?? 0);
    if (placed && present > 0) {
      return { gatewayId: r.gateway_id, flock: { dayAge: Math.max(0, daysBetween(r.birth!, today)), head: present }, empty: {} };
    }
    // Washing starts the day after the last flock's stop day; a flock entered ahead of its
    // placement day is the next batch the house is heated up for.
    const since = r.last_stop ? dayRange(r.last_stop, r.time_zone).end.getTime() : null;
    const next = r.start !== null && r.start > today ? dayRange(r.start, r.time_zone).start.getTime() : null;
    return { gatewayId: r.gateway_id, flock: null, empty: { since, next } };
  });
}

/** Applies the register to the poultry models; returns how many models follow it. */
export async function syncFlocks(database: Database, sheds: readonly SimulatedShed[], now: number = Date.now()): Promise<number> {
  const poultry = sheds.filter((s) => s.model.profile.species === 'poultry');
  const states = await houseStates(
    database,
    poultry.map((s) => s.gatewayId),
    now,
  );
  for (const state of states) {
    for (const s of poultry) if (s.gatewayId === state.gatewayId) s.model.followFlock(state.flock, now, state.empty);
  }
  return states.length;
}

export interface FlockSync {
  /** Stops the timer and waits for a sync under way. */
  stop(): Promise<void>;
}

/** Syncs every `intervalMs` (the caller did the first sync before warming the models up). */
export function startFlockSync(
  database: Database,
  sheds: readonly SimulatedShed[],
  opts: { intervalMs?: number; log?: (line: string) => void } = {},
): FlockSync {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = syncFlocks(database, sheds)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (!stopped) opts.log?.(`flock sync failed: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs ?? FLOCK_SYNC_MS);
  // The timer alone must not keep the process alive.
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
