import { and, gte, inArray, like, or } from 'drizzle-orm';
import { dayRange, farmDay, type FeedMonitorQuery, type PenFeedRow } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { telemetryLatest } from '../../db/tables.js';
import { visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feederPlaces } from './feeder-days.js';

/**
 * The feeding monitor: per pen of a farm, today's planned and dispensed feed from what its
 * feeders last reported (the simulator's or a real concentrator's `feederRation.n`,
 * `feederFeed.n`, `feederState.n`, n the feeder's id; packages/simulator/src/feeders.ts). Three
 * statements: the farm's feeders with their pen and gateway, the gateways' latest feeder values
 * of today, and nothing per pen.
 */
const FEEDING = 1;
const NOT_EATING = 2;

export async function penMonitor(
  db: Db,
  scope: Scope,
  q: FeedMonitorQuery,
  now = Date.now(),
): Promise<{ day: string; pens: PenFeedRow[] }> {
  const farm = await visibleFarm(scope, q.farmId, { db });
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: farm.id });
  const day = farmDay(new Date(now), farm.timeZone);
  const since = dayRange(day, farm.timeZone).start;
  const feeders = await feederPlaces(db, scope, farm.id, { shedId: q.shedId });
  const gatewayIds = [...new Set(feeders.map((f) => f.gatewayId))];
  const latest =
    gatewayIds.length === 0
      ? []
      : await db
          .select()
          .from(telemetryLatest)
          .where(
            and(
              inArray(telemetryLatest.gatewayId, gatewayIds),
              gte(telemetryLatest.ts, since),
              or(
                like(telemetryLatest.key, 'feederFeed.%'),
                like(telemetryLatest.key, 'feederRation.%'),
                like(telemetryLatest.key, 'feederState.%'),
              ),
            ),
          );
  const value = new Map(latest.map((r) => [`${r.gatewayId}:${r.key}`, r]));
  const byPen = new Map<number, PenFeedRow>();
  for (const f of feeders) {
    let pen = byPen.get(f.penId);
    if (!pen) {
      const place = { shedId: f.shedId, shedName: f.shedName ?? '', penId: f.penId, penColumn: f.penColumn, penRow: f.penRow };
      pen = { ...place, feeders: 0, reporting: 0, planned: 0, dispensed: 0, feeding: 0, notEating: 0, lastReport: null };
      byPen.set(f.penId, pen);
    }
    pen.feeders++;
    const fed = value.get(`${f.gatewayId}:feederFeed.${f.feederId}`);
    if (!fed) continue;
    pen.reporting++;
    pen.dispensed += fed.value;
    pen.planned += value.get(`${f.gatewayId}:feederRation.${f.feederId}`)?.value ?? 0;
    const state = value.get(`${f.gatewayId}:feederState.${f.feederId}`)?.value;
    if (state === FEEDING) pen.feeding++;
    if (state === NOT_EATING) pen.notEating++;
    pen.lastReport = Math.max(pen.lastReport ?? 0, fed.ts.getTime());
  }
  return { day, pens: [...byPen.values()] };
}
