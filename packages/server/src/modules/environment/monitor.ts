import { and, eq } from 'drizzle-orm';
import {
  ACTUATOR_PREFIXES,
  NON_SENSOR_PREFIXES,
  keyUnit,
  type EnvMonitorAnswer,
  type EnvMonitorBody,
  type HkqDetail,
  type EnvValue,
  type KindLatest,
  type MonitorStatistics,
  type ShedMonitor,
  readingSummary,
  dayRange,
  farmDay,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import {
  compareKeys,
  isStale,
  linkOf,
  newestByGateway,
  prefixOf,
  readLatest,
  readLinks,
  STALE_AFTER_MS,
  type LatestRow,
} from './latest.js';
import { tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { controllerOf, farmGateways, farmSheds, type GatewayRef } from './places.js';

/**
 * Live state of sheds and controllers from the latest-value table: the shed cards of the
 * overviews and the big screen (pigEnvMonitorPlus), one controller's full state (hkqDetail), and
 * the farm's counts (statistics/monitor). A sensor whose newest value is more than 15 minutes
 * older than its gateway's newest reading has stopped reporting and is left out of the cards.
 */
const NOT_SENSORS = new Set(NON_SENSOR_PREFIXES);
const METERS = new Set(['water', 'elec', 'feed', 'weight']);

function kv(r: LatestRow, codeOf: Map<number, string>): EnvValue {
  return { key: r.key, value: r.value, ts: r.ts, gatewayCode: codeOf.get(r.gatewayId) ?? '' };
}

function kindsOf(rows: EnvValue[]): Record<string, KindLatest> {
  const out: Record<string, KindLatest> = {};
  for (const v of rows) {
    const kind = prefixOf(v.key);
    if (NOT_SENSORS.has(kind)) continue;
    const k = (out[kind] ??= { kind, unit: keyUnit(v.key), values: [], min: null, avg: null, max: null });
    k.values.push(v);
  }
  for (const k of Object.values(out)) Object.assign(k, readingSummary(k.values.map((v) => v.value)));
  return out;
}

export async function envMonitor(database: Database, scope: Scope, body: EnvMonitorBody): Promise<EnvMonitorAnswer> {
  await visibleFarm(scope, body.farmId);
  const shedList = await farmSheds(scope, body.farmId, body.shedIds);
  const gws = (await farmGateways(scope, body.farmId, shedList)).filter((g) => g.shedId !== null);
  const ids = gws.map((g) => g.id);
  const [latest, links] = await Promise.all([readLatest(database, ids), readLinks(database, ids)]);
  const newest = newestByGateway(latest);
  const codeOf = new Map(gws.map((g) => [g.id, g.code]));
  const fresh = latest.filter((r) => !isStale(r, newest)).sort((a, b) => compareKeys(a.key, b.key) || a.gatewayId - b.gatewayId);

  const list: ShedMonitor[] = shedList.map((s) => {
    const own = gws.filter((g) => g.shedId === s.id);
    const ownIds = new Set(own.map((g) => g.id));
    const rows = fresh.filter((r) => ownIds.has(r.gatewayId)).map((r) => kv(r, codeOf));
    const first = (key: string): number | null => rows.find((r) => r.key === key)?.value ?? null;
    const actuators = rows.filter((r) => (ACTUATOR_PREFIXES as readonly string[]).includes(prefixOf(r.key)));
    const times = own.map((g) => newest.get(g.id)).filter((t): t is number => t !== undefined);
    return {
      shedId: s.id,
      shedName: s.shedName,
      shedType: s.shedType,
      areaNum: s.areaNum,
      buildingNum: s.buildingNum,
      shedNum: s.shedNum,
      gateways: own.map((g) => {
        const l = linkOf(links, g.id);
        return { code: g.code, name: g.name, online: l.online, lastSeenAt: l.lastSeenAt };
      }),
      online: own.some((g) => linkOf(links, g.id).online),
      lastTs: times.length > 0 ? Math.max(...times) : null,
      kinds: kindsOf(rows),
      dayAge: first('dayAge.1'),
      targetTemp: first('targetTemp.1'),
      activeActuators: actuators.filter((a) => a.value > 0),
      actuators,
      meters: rows.filter((r) => METERS.has(prefixOf(r.key))),
    };
  });
  return { farmId: body.farmId, now: Date.now(), staleAfterMs: STALE_AFTER_MS, sheds: list };
}

export async function hkqDetail(database: Database, scope: Scope, q: { gatewayCode?: string; shedId?: number }): Promise<HkqDetail> {
  const gw: GatewayRef = await controllerOf(scope, q);
  const [latest, links, place] = await Promise.all([
    readLatest(database, [gw.id]),
    readLinks(database, [gw.id]),
    placeOf(database, tenantIdOf(scope), gw),
  ]);
  const newest = newestByGateway(latest);
  return {
    gatewayCode: gw.code,
    gatewayName: gw.name,
    gatewayType: gw.gatewayType,
    deviceCategory: gw.deviceCategory,
    model: gw.model,
    serialNo: gw.serialNo,
    ...place,
    ...linkOf(links, gw.id),
    values: latest
      .sort((a, b) => compareKeys(a.key, b.key))
      .map((r) => ({ key: r.key, value: r.value, ts: r.ts, gatewayCode: gw.code, unit: keyUnit(r.key), stale: isStale(r, newest) })),
  };
}

async function placeOf(
  database: Database,
  tenantId: number,
  gw: GatewayRef,
): Promise<{ farmId: number | null; farmName: string | null; shedId: number | null; shedName: string | null }> {
  const db = database.db;
  const [shed] =
    gw.shedId === null
      ? []
      : await db
          .select({ shedName: sheds.shedName, farmId: sheds.farmId })
          .from(sheds)
          .where(and(eq(sheds.id, gw.shedId), eq(sheds.tenantId, tenantId)));
  const farmId = shed?.farmId ?? gw.farmId;
  const [farm] =
    farmId === null
      ? []
      : await db
          .select({ farmName: farms.farmName })
          .from(farms)
          .where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)));
  return { farmId, farmName: farm?.farmName ?? null, shedId: gw.shedId, shedName: shed?.shedName ?? null };
}

export async function monitorStatistics(database: Database, scope: Scope, farmId: number): Promise<MonitorStatistics> {
  const farm = await visibleFarm(scope, farmId);
  const shedList = await farmSheds(scope, farmId);
  const gws = await farmGateways(scope, farmId);
  const ids = gws.map((g) => g.id);
  const links = await readLinks(database, ids);
  const online = gws.filter((g) => linkOf(links, g.id).online).length;
  let shedsWithData = 0;
  let readingsToday = 0;
  if (ids.length > 0) {
    const recent = await database.query<{ gateway_id: number }>(
      `SELECT DISTINCT gateway_id FROM telemetry_latest WHERE gateway_id = ANY($1::int[]) AND ts >= now() - interval '1 hour'`,
      [ids],
    );
    const fresh = new Set(recent.map((r) => r.gateway_id));
    shedsWithData = new Set(gws.filter((g) => g.shedId !== null && fresh.has(g.id)).map((g) => g.shedId)).size;
    // The daily rollup is bucketed by the farm's calendar day: today's count is one row per key.
    const start = dayRange(farmDay(new Date(), farm.timeZone), farm.timeZone).start;
    const [row] = await database.query<{ n: number | string | null }>(
      `SELECT sum(count)::float8 AS n FROM telemetry_daily WHERE gateway_id = ANY($1::int[]) AND bucket >= $2::timestamptz`,
      [ids, start.toISOString()],
    );
    readingsToday = Number(row?.n ?? 0);
  }
  return {
    farmId,
    gateways: gws.length,
    online,
    offline: gws.length - online,
    sheds: shedList.length,
    shedsWithData,
    readingsToday,
  };
}
