import {
  ENV_KIND_PREFIXES,
  ENV_UNITS,
  keyUnit,
  type EnvStats,
  type TrendAnswer,
  type TrendBody,
  type TrendSeries,
  type TrendShed,
  roundTo,
  dayRange,
  farmDay,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { queryTrends, seriesId, type TrendResult } from '../telemetry/index.js';
import { compareKeys, readLatest } from './latest.js';
import type { ShedRow } from '../../scope/index.js';
import { gatewaysOfSheds, type GatewayRef } from './places.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Environment trends (/ci18/env/{kind}, /pig/env1/{kind}/mor, /reports/env-trends): for up to six
 * sheds, every sensor of the kind as its own series, bucketed on the server by the telemetry
 * query (raw history for short ranges, hourly rollups beyond), with min / max / avg per series and
 * per shed; for temperature also the outdoor temperature and the set-point beside the indoor ones.
 */
const HOUR = 3_600_000;
const PRESET_MS: Record<string, number> = {
  '1h': HOUR,
  '3h': 3 * HOUR,
  '7h': 7 * HOUR,
  '12h': 12 * HOUR,
  '24h': 24 * HOUR,
  '1d': 24 * HOUR,
  '3d': 72 * HOUR,
  '7d': 168 * HOUR,
  '15d': 360 * HOUR,
};
export const MAX_TREND_POINTS = 2_000;

/** The range asked for: explicit times, or a preset ending now ('latestDay' = since the farm's midnight). */
export function resolveRange(
  q: { startTime?: Date; endTime?: Date; preset?: string },
  timeZone: string,
  now = Date.now(),
): { from: number; to: number } {
  if (q.preset) {
    if (q.preset === 'latestDay') return { from: dayRange(farmDay(new Date(now), timeZone), timeZone).start.getTime(), to: now };
    return { from: now - PRESET_MS[q.preset]!, to: now };
  }
  const from = q.startTime!.getTime();
  const to = q.endTime!.getTime();
  refuseEndBeforeStart(from, to, { emptyAllowed: false });
  return { from, to };
}

/** Merges bucket statistics: min of minima, max of maxima, count-weighted average. */
export function mergeStats(parts: (EnvStats | null)[]): EnvStats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (const p of parts) {
    if (!p || p.count === 0) continue;
    min = Math.min(min, p.min);
    max = Math.max(max, p.max);
    sum += p.avg * p.count;
    count += p.count;
  }
  return count === 0 ? null : { min, max, avg: roundTo(sum / count, 3), count };
}

function toSeries(gw: GatewayRef, key: string, r: TrendResult): TrendSeries {
  return {
    gatewayCode: gw.code,
    key,
    unit: keyUnit(key),
    points: r.points.map((p) => [p.ts, roundTo(p.avg, 3), roundTo(p.min, 3), roundTo(p.max, 3)]),
    stats: mergeStats(r.points.map((p) => ({ min: p.min, max: p.max, avg: p.avg, count: p.count }))),
  };
}

/** How long a chart's answer is shared between callers (environment routes): readings land every few seconds. */
export const TREND_KEEP_MS = 5_000;

/**
 * The chart of `shedList` (the sheds asked for, in order, each already checked against the
 * caller's scope: the answer does not depend on who asks beyond that).
 */
export async function trend(database: Database, tenantId: number, shedList: ShedRow[], body: TrendBody): Promise<TrendAnswer> {
  const shedIds = [...new Set(shedList.map((s) => s.id))];
  const { from, to } = resolveRange(body, shedList[0]!.timeZone);
  const gws = await gatewaysOfSheds(database.db, tenantId, shedIds);
  const prefixes = body.kind === 'temp' ? [...ENV_KIND_PREFIXES.temp, 'outTemp', 'targetTemp'] : ENV_KIND_PREFIXES[body.kind];
  // The keys each gateway has ever reported (the latest table holds one row per key).
  const keys = await readLatest(
    database,
    gws.map((g) => g.id),
    prefixes,
  );
  keys.sort((a, b) => a.gatewayId - b.gatewayId || compareKeys(a.key, b.key));
  const answer = await queryTrends(database, keys, from, to, MAX_TREND_POINTS);
  const results = keys.map((k) => ({ gatewayId: k.gatewayId, key: k.key, result: answer.get(seriesId(k.gatewayId, k.key))! }));
  const byId = new Map(gws.map((g) => [g.id, g]));

  const sheds: TrendShed[] = shedList.map((s) => {
    const own = results.filter((r) => byId.get(r.gatewayId)?.shedId === s.id);
    const series = own
      .filter((r) => !r.key.startsWith('outTemp.') && !r.key.startsWith('targetTemp.'))
      .map((r) => toSeries(byId.get(r.gatewayId)!, r.key, r.result));
    const extra = (prefix: string): TrendSeries | null => {
      const r = own.find((x) => x.key === `${prefix}.1` && x.result.points.length > 0) ?? own.find((x) => x.key === `${prefix}.1`);
      return r ? toSeries(byId.get(r.gatewayId)!, r.key, r.result) : null;
    };
    return {
      shedId: s.id,
      shedName: s.shedName,
      series,
      stats: mergeStats(series.map((x) => x.stats)),
      outdoor: body.kind === 'temp' ? extra('outTemp') : null,
      target: body.kind === 'temp' ? extra('targetTemp') : null,
    };
  });
  const sample = results[0]?.result;
  return {
    kind: body.kind,
    unit: ENV_UNITS[body.kind],
    startTime: from,
    endTime: to,
    source: sample?.source ?? 'raw',
    bucketMs: sample?.bucketMs ?? 0,
    sheds,
  };
}
