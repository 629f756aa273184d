import { ACTUATOR_PREFIXES, NON_SENSOR_PREFIXES, readingSummary, type ShedMonitor } from '@farmsense/shared';
import type { GatewayLive } from '../live/liveStore';
import { prefixOf } from './format';

/**
 * The current state of one shed, merged from the snapshot (pigEnvMonitorPlus) and whatever the
 * live stream has delivered since: newer values replace older ones sensor by sensor, and a
 * sensor whose value is more than `staleAfterMs` older than its gateway's newest reading has
 * stopped reporting and is left out (the server applies the same rule to the snapshot).
 */
export interface Reading {
  gatewayCode: string;
  key: string;
  value: number;
  ts: number;
}

export interface KindSummary {
  avg: number;
  min: number;
  max: number;
  readings: Reading[];
}

export interface GatewayState {
  code: string;
  name: string;
  online: boolean;
  lastSeenAt: number | null;
}

export interface ShedState {
  shedId: number;
  online: boolean;
  /** Newest reading of the shed. */
  lastTs: number | null;
  lastSeenAt: number | null;
  gateways: GatewayState[];
  kinds: Partial<Record<string, KindSummary>>;
  targetTemp: number | null;
  dayAge: number | null;
  actuators: Reading[];
  hasData: boolean;
}

const NOT_SENSORS = new Set(NON_SENSOR_PREFIXES);
const ACTUATORS = new Set<string>(ACTUATOR_PREFIXES);

function summarize(readings: Reading[]): KindSummary {
  return { ...readingSummary(readings.map((r) => r.value)), readings };
}

/**
 * @param codeOf gateway id -> code for the live readings; a shed with a single gateway needs none.
 */
export function shedState(
  monitor: ShedMonitor,
  live: readonly GatewayLive[],
  codeOf: ReadonlyMap<number, string>,
  staleAfterMs: number,
): ShedState {
  const values = new Map<string, Reading>();
  const put = (r: Reading): void => {
    const id = `${r.gatewayCode}|${r.key}`;
    const old = values.get(id);
    if (!old || old.ts <= r.ts) values.set(id, r);
  };
  for (const k of Object.values(monitor.kinds)) for (const v of k.values) put(v);
  for (const v of monitor.actuators) put(v);
  const firstCode = monitor.gateways[0]?.code ?? '';
  const snapTs = monitor.lastTs ?? 0;
  if (monitor.dayAge !== null) put({ gatewayCode: firstCode, key: 'dayAge.1', value: monitor.dayAge, ts: snapTs });
  if (monitor.targetTemp !== null) put({ gatewayCode: firstCode, key: 'targetTemp.1', value: monitor.targetTemp, ts: snapTs });

  const gateways = new Map<string, GatewayState>(
    monitor.gateways.map((g) => [g.code, { code: g.code, name: g.name, online: g.online, lastSeenAt: g.lastSeenAt }]),
  );
  for (const g of live) {
    const code = codeOf.get(g.gatewayId) ?? (monitor.gateways.length === 1 ? firstCode : `#${g.gatewayId}`);
    for (const [key, v] of Object.entries(g.values)) put({ gatewayCode: code, key, value: v.value, ts: v.ts });
    const known = gateways.get(code) ?? { code, name: code, online: false, lastSeenAt: null };
    gateways.set(code, {
      ...known,
      online: g.online ?? known.online,
      lastSeenAt: Math.max(known.lastSeenAt ?? 0, g.ts ?? 0) || known.lastSeenAt,
    });
  }

  const newest = new Map<string, number>();
  for (const r of values.values()) newest.set(r.gatewayCode, Math.max(newest.get(r.gatewayCode) ?? 0, r.ts));
  const fresh = [...values.values()].filter((r) => (newest.get(r.gatewayCode) ?? r.ts) - r.ts <= staleAfterMs);

  const byKind = new Map<string, Reading[]>();
  for (const r of fresh) {
    const kind = prefixOf(r.key);
    if (NOT_SENSORS.has(kind)) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), r]);
  }
  const kinds: Partial<Record<string, KindSummary>> = {};
  for (const [kind, rs] of byKind) kinds[kind] = summarize(rs.sort((a, b) => channelNumber(a.key) - channelNumber(b.key)));

  const first = (key: string): number | null => fresh.find((r) => r.key === key)?.value ?? null;
  const gws = [...gateways.values()];
  const times = [...newest.values()];
  const seen = gws.map((g) => g.lastSeenAt).filter((t): t is number => t !== null && t > 0);
  return {
    shedId: monitor.shedId,
    online: gws.some((g) => g.online),
    lastTs: times.length > 0 ? Math.max(...times) : monitor.lastTs,
    lastSeenAt: seen.length > 0 ? Math.max(...seen) : null,
    gateways: gws,
    kinds,
    targetTemp: first('targetTemp.1'),
    dayAge: first('dayAge.1'),
    actuators: fresh.filter((r) => ACTUATORS.has(prefixOf(r.key))).sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true })),
    hasData: fresh.length > 0,
  };
}

function channelNumber(key: string): number {
  const n = Number(key.slice(key.indexOf('.') + 1));
  return Number.isFinite(n) ? n : 0;
}

/** Fans running (any speed) of all fans, with their mean speed; heaters on of all heaters. */
export function actuatorSummary(actuators: readonly Reading[]): {
  fans: { running: number; total: number; meanSpeed: number | null };
  heaters: { on: number; total: number };
} {
  const fans = actuators.filter((a) => prefixOf(a.key) === 'fan');
  const running = fans.filter((a) => a.value > 0);
  const heaters = actuators.filter((a) => prefixOf(a.key) === 'heater');
  return {
    fans: {
      running: running.length,
      total: fans.length,
      meanSpeed: running.length > 0 ? Math.round(running.reduce((s, a) => s + a.value, 0) / running.length) : null,
    },
    heaters: { on: heaters.filter((a) => a.value > 0).length, total: heaters.length },
  };
}
