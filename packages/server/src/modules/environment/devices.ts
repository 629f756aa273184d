import { and, asc, eq } from 'drizzle-orm';
import type { CommuOffRow, ConnectStatusBody, DeviceConnectRow, Page, ReportRangeBody, RunStatsRow } from '@farmsense/shared';
import { roundTo } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { compareKeys, linkOf, prefixOf, readLinks } from './latest.js';
import { seesGateway, tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { farmGateways, farmSheds, gatewayCols, type GatewayRef } from './places.js';
import { pageAnswer } from '../../lib/paging.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Device reports: connection status (pageDeviceConnectStatus), communication-off times and counts
 * from the link transitions (gateway_status_events: an offline row until the next online row of
 * the same gateway is one outage), and actuator run hours from the hourly rollups.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

interface PlacedGateway extends GatewayRef {
  farmName: string | null;
  shedName: string | null;
}

/** Every gateway of the tenant the caller may see, with farm and shed names. */
async function allVisibleGateways(database: Database, scope: Scope): Promise<PlacedGateway[]> {
  const tenantId = tenantIdOf(scope);
  const rows = await database.db
    .select({
      ...gatewayCols,
      farmName: farms.farmName,
      shedName: sheds.shedName,
      shedFarmId: sheds.farmId,
    })
    .from(gateways)
    .leftJoin(farms, and(eq(farms.id, gateways.farmId), eq(farms.tenantId, tenantId)))
    .leftJoin(sheds, and(eq(sheds.id, gateways.shedId), eq(sheds.tenantId, tenantId)))
    .where(eq(gateways.tenantId, tenantId))
    .orderBy(asc(gateways.code));
  return (
    rows
      // Gateways not in a shed: seen by whoever sees their whole farm; farm-less ones by administrators.
      .filter((g) => seesGateway(scope, { farmId: g.shedFarmId ?? g.farmId, shedId: g.shedId }))
      .map(({ shedFarmId: _s, ...g }) => g)
  );
}

async function offCounts(database: Database, ids: number[], since: number): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await database.query<{ gateway_id: number; n: number }>(
    `SELECT gateway_id, count(*)::int AS n FROM gateway_status_events
      WHERE gateway_id = ANY($1::int[]) AND NOT online AND at >= $2::timestamptz GROUP BY gateway_id`,
    [ids, new Date(since).toISOString()],
  );
  return new Map(rows.map((r) => [r.gateway_id, Number(r.n)]));
}

export async function connectStatusPage(database: Database, scope: Scope, q: ConnectStatusBody): Promise<Page<DeviceConnectRow>> {
  let list: PlacedGateway[];
  if (q.farmId !== undefined) {
    const farm = await visibleFarm(scope, q.farmId);
    const visible = await farmSheds(scope, q.farmId);
    const names = new Map(visible.map((s) => [s.id, s.shedName]));
    list = (await farmGateways(scope, q.farmId)).map((g) => ({
      ...g,
      farmName: farm.farmName,
      shedName: g.shedId === null ? null : (names.get(g.shedId) ?? null),
    }));
  } else {
    list = await allVisibleGateways(database, scope);
  }
  const links = await readLinks(
    database,
    list.map((g) => g.id),
  );
  if (q.online !== undefined) list = list.filter((g) => linkOf(links, g.id).online === q.online);
  const page = list.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
  const counts = await offCounts(
    database,
    page.map((g) => g.id),
    Date.now() - 7 * DAY,
  );
  return pageAnswer(
    q,
    list.length,
    page.map((g) => ({
      gatewayId: g.id,
      gatewayCode: g.code,
      gatewayName: g.name,
      gatewayType: g.gatewayType,
      farmId: g.farmId,
      farmName: g.farmName,
      shedId: g.shedId,
      shedName: g.shedName,
      ...linkOf(links, g.id),
      offCount7d: counts.get(g.id) ?? 0,
    })),
  );
}

/** The farm's visible gateways with shed names, and the checked range (20027 when reversed). */
async function reportScope(
  database: Database,
  scope: Scope,
  body: ReportRangeBody,
): Promise<{ list: PlacedGateway[]; from: number; to: number }> {
  const from = body.startTime.getTime();
  const to = body.endTime.getTime();
  refuseEndBeforeStart(from, to, { emptyAllowed: false });
  const farm = await visibleFarm(scope, body.farmId);
  const visible = await farmSheds(scope, body.farmId);
  const names = new Map(visible.map((s) => [s.id, s.shedName]));
  const list = (await farmGateways(scope, body.farmId)).map((g) => ({
    ...g,
    farmName: farm.farmName,
    shedName: g.shedId === null ? null : (names.get(g.shedId) ?? null),
  }));
  return { list, from, to };
}

export async function commuOff(database: Database, scope: Scope, body: ReportRangeBody): Promise<CommuOffRow[]> {
  const { list, from, to } = await reportScope(database, scope, body);
  const ids = list.map((g) => g.id);
  if (ids.length === 0) return [];
  const at = (col: string): string => `(extract(epoch FROM ${col}) * 1000)::float8`;
  // The state each gateway was in when the range began, then every change inside the range.
  const before = await database.query<{ gateway_id: number; at: number; online: boolean }>(
    `SELECT DISTINCT ON (gateway_id) gateway_id, ${at('at')} AS at, online FROM gateway_status_events
      WHERE gateway_id = ANY($1::int[]) AND at < $2::timestamptz ORDER BY gateway_id, at DESC, id DESC`,
    [ids, new Date(from).toISOString()],
  );
  const inside = await database.query<{ gateway_id: number; at: number; online: boolean }>(
    `SELECT gateway_id, ${at('at')} AS at, online FROM gateway_status_events
      WHERE gateway_id = ANY($1::int[]) AND at >= $2::timestamptz AND at < $3::timestamptz ORDER BY gateway_id, at, id`,
    [ids, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const links = await readLinks(database, ids);
  const end = Math.min(to, Date.now());
  return list.map((g) => {
    const outages: { from: number; to: number | null }[] = [];
    const start = before.find((r) => r.gateway_id === g.id);
    let openedAt: number | null = start && !start.online ? Number(start.at) : null;
    for (const e of inside.filter((r) => r.gateway_id === g.id)) {
      const t = Number(e.at);
      if (!e.online && openedAt === null) openedAt = t;
      else if (e.online && openedAt !== null) {
        outages.push({ from: openedAt, to: t });
        openedAt = null;
      }
    }
    if (openedAt !== null) outages.push({ from: openedAt, to: null });
    // Durations count only the part inside the range (and not beyond now).
    const inRange = outages.map((o) => Math.max(0, Math.min(o.to ?? end, end) - Math.max(o.from, from)));
    return {
      gatewayId: g.id,
      gatewayCode: g.code,
      gatewayName: g.name,
      shedId: g.shedId,
      shedName: g.shedName,
      offCount: outages.length,
      offMs: inRange.reduce((s, x) => s + x, 0),
      longestMs: inRange.length > 0 ? Math.max(...inRange) : 0,
      online: linkOf(links, g.id).online,
      outages,
    };
  });
}

/** Actuators that run (on/off or speed); inlets and curtains open rather than run. */
const RUN_PREFIXES = ['fan', 'heater', 'pump', 'mist'];
const PERCENT = new Set(['fan']);

export async function runStats(database: Database, scope: Scope, body: ReportRangeBody): Promise<RunStatsRow[]> {
  const { list, from, to } = await reportScope(database, scope, body);
  const ids = list.map((g) => g.id);
  if (ids.length === 0) return [];
  // Whole hours of the hourly rollup: the hour holding `from` up to the one before `to`.
  const rows = await database.query<{ gateway_id: number; key: string; run: number; active: number }>(
    `SELECT gateway_id, key, sum(sum / count)::float8 AS run, count(*) FILTER (WHERE max > 0)::int AS active
       FROM telemetry_hourly
      WHERE gateway_id = ANY($1::int[]) AND key LIKE ANY($2::text[]) AND bucket >= $3::timestamptz AND bucket < $4::timestamptz
      GROUP BY gateway_id, key`,
    [ids, RUN_PREFIXES.map((p) => `${p}.%`), new Date(Math.floor(from / HOUR) * HOUR).toISOString(), new Date(to).toISOString()],
  );
  return list.map((g) => {
    const own = rows.filter((r) => r.gateway_id === g.id).sort((a, b) => compareKeys(a.key, b.key));
    const actuators = own.map((r) => {
      const scale = PERCENT.has(prefixOf(r.key)) ? 100 : 1;
      return { key: r.key, runHours: roundTo(Number(r.run) / scale, 2), activeHours: Number(r.active) };
    });
    const totals: Record<string, number> = {};
    for (const a of actuators) totals[prefixOf(a.key)] = roundTo((totals[prefixOf(a.key)] ?? 0) + a.runHours, 2);
    return { gatewayId: g.id, gatewayCode: g.code, gatewayName: g.name, shedId: g.shedId, shedName: g.shedName, actuators, totals };
  });
}
