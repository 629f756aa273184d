/**
 * Events of GET /api/telemetry/stream (contract: telemetryApi.stream in
 * packages/shared/src/telemetry/endpoints.ts): `telemetry` carries a gateway's reading
 * (CONTRACT §4 values), `status` its link changes.
 */
export type { LiveReading, LiveStatus } from '@farmsense/shared';

/** connecting: first attempt; live: receiving; retrying: lost, trying again; stopped: refused. */
export type LiveConnection = 'connecting' | 'live' | 'retrying' | 'stopped';
