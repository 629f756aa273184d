import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { EnvMonitorAnswer, LiveAlarm } from '@farmsense/shared';
import { shedGatewaysQuery, useEnvMonitor } from '../api';
import { liveOfShed, type LiveValue } from '../live/liveStore';
import type { LiveConnection } from '../live/types';
import { useLiveTelemetry } from '../live/useLiveTelemetry';
import { shedState, type ShedState } from '../model/shedState';

/**
 * The live state of every shed of a farm: the snapshot, kept current by the stream. The stream
 * names gateways by id and the snapshot by code; a shed with one gateway needs no lookup, one
 * with several asks GET /api/telemetry/latest once for its gateways' ids.
 */
export interface LiveSheds {
  monitor: UseQueryResult<EnvMonitorAnswer>;
  states: ReadonlyMap<number, ShedState>;
  connection: LiveConnection;
  /** Server clock minus this browser's clock, ms (for "last seen" and staleness). */
  clockSkew: number;
  /** The server's time for a local clock reading (never earlier than its last answer). */
  serverNow: (localNow: number) => number;
  staleAfterMs: number;
  /** The values the stream has brought for one gateway of a shed (the controller drawer). */
  liveValues: (shedId: number, gatewayCode: string) => Readonly<Record<string, LiveValue>> | undefined;
}

/** The server's stream filter takes at most 200 ids; a bigger farm listens to all and filters here. */
const MAX_STREAM_IDS = 200;
const DEFAULT_STALE_MS = 15 * 60_000;

export function useLiveSheds(farmId: number | undefined, onAlarm?: (a?: LiveAlarm) => void): LiveSheds {
  const monitor = useEnvMonitor(farmId);
  const sheds = monitor.data?.sheds;
  const shedIds = useMemo(() => sheds?.map((s) => s.shedId) ?? [], [sheds]);
  const live = useLiveTelemetry({
    shedIds: shedIds.length <= MAX_STREAM_IDS ? shedIds : undefined,
    enabled: !!sheds && shedIds.length > 0,
    onResume: () => {
      void monitor.refetch();
      onAlarm?.();
    },
    onAlarm,
  });

  const multi = useMemo(
    () => (sheds ?? []).filter((s) => s.gateways.length > 1 && liveOfShed(live, s.shedId).length > 0).map((s) => s.shedId),
    [sheds, live],
  );
  const lookups = useQueries({
    queries: multi.map((shedId) => shedGatewaysQuery(shedId)),
  });
  const lookupData = lookups.map((l) => l.data);
  const codeKey = lookupData.map((d) => d?.shedId ?? '').join(',');
  const codeOf = useMemo(() => {
    const m = new Map<number, string>();
    for (const d of lookupData) for (const g of d?.gateways ?? []) m.set(g.gatewayId, g.code);
    return m;
    // lookupData is a new array each render; codeKey changes exactly when its content does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [codeKey]);

  const staleAfterMs = monitor.data?.staleAfterMs ?? DEFAULT_STALE_MS;
  const states = useMemo(() => {
    const out = new Map<number, ShedState>();
    for (const s of sheds ?? []) out.set(s.shedId, shedState(s, liveOfShed(live, s.shedId), codeOf, staleAfterMs));
    return out;
  }, [sheds, live, codeOf, staleAfterMs]);

  const liveValues = useCallback(
    (shedId: number, gatewayCode: string): Readonly<Record<string, LiveValue>> | undefined => {
      const shed = sheds?.find((s) => s.shedId === shedId);
      const single = shed?.gateways.length === 1 ? shed.gateways[0]!.code : undefined;
      const g = liveOfShed(live, shedId).find((x) => (codeOf.get(x.gatewayId) ?? single) === gatewayCode);
      return g?.values;
    },
    [sheds, live, codeOf],
  );

  const clockSkew = monitor.data ? monitor.data.now - monitor.dataUpdatedAt : 0;
  const answeredAt = monitor.data?.now ?? 0;
  // A page's clock ticks every few seconds, so its last tick may predate the answer: the server's
  // time is never earlier than the moment it answered (else "no readings for 40 min" reads 39).
  const serverNow = useCallback((localNow: number): number => Math.max(localNow + clockSkew, answeredAt), [clockSkew, answeredAt]);
  return { monitor, states, connection: live.connection, clockSkew, serverNow, staleAfterMs, liveValues };
}
