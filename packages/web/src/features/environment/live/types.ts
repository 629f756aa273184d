/**
 * Events of GET /api/telemetry/stream (packages/server/src/modules/telemetry/routes.ts):
 * `telemetry` carries a gateway's reading (CONTRACT §4 values), `status` its link changes.
 */
export interface LiveReading {
  gatewayId: number;
  shedId: number | null;
  ts: number;
  values: Record<string, number>;
}

export interface LiveStatus {
  gatewayId: number;
  shedId: number | null;
  online: boolean;
}

/** connecting: first attempt; live: receiving; retrying: lost, trying again; stopped: refused. */
export type LiveConnection = 'connecting' | 'live' | 'retrying' | 'stopped';
