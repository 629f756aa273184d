import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCodes, telemetryApi, type AppCode, type LatestGateway } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import type { LiveEvent } from '../../iot/live.js';
import { readIngestStats } from '../../iot/stats.js';
import { router } from '../../core/serve.js';
import { buildScope, forbidden, refusal, requireFunction, scopeOf, visibleGateway, visibleShed, type Scope } from '../../scope/index.js';
import { queryTrend } from './query.js';
import { authBySessionHash, ENV_VIEW_APPS, isAdmin, issueTicket, redeemTicket } from './access.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Live environment values (DESIGN.md §3 "Live screens stay live"; contracts:
 * packages/shared/src/telemetry/endpoints.ts):
 * - GET  /api/telemetry/stream?shedIds=1,2  Server-Sent Events; the session comes from the
 *   `token` header (fetch streaming) or from `ticket` (EventSource, which cannot send headers).
 *   Events: `telemetry` {gatewayId, shedId, ts, values}, `status` {gatewayId, shedId, online} and
 *   `alarm` (shared alarms/endpoints.ts liveAlarm, for accounts with the alarm records screen),
 *   only for sheds the account may see; a keep-alive comment every 15 s.
 * - POST /api/telemetry/streamTicket  -> { ticket } (one use, 60 s)
 * - GET  /api/telemetry/latest?shedId=  -> the shed's gateways with their newest values
 * - GET  /api/telemetry/trend?gatewayId=&key=&from=&to=&maxPoints=  -> bucketed min/max/avg/count
 *   (query.ts: raw history up to 7 days, hourly rollup beyond; at most ~maxPoints points)
 * - GET  /api/telemetry/ingestStats     -> ingest counters of every worker (admins)
 */
const KEEP_ALIVE_MS = 15_000;
const ALARM_RECORDS_APP: AppCode = 'warningmanagement.warningrecord';

interface LatestSqlRow {
  id: number;
  code: string;
  name: string;
  online: boolean | null;
  since: Date | null;
  last_seen_at: Date | null;
  key: string | null;
  ts: Date | null;
  value: number | null;
}

export const telemetryRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const hub = deps.live;
  const serve = router(app, { tags: ['telemetry'] });

  serve(telemetryApi.streamTicket, { app: ENV_VIEW_APPS, readOnly: true }, async ({ req }) => {
    const scope = scopeOf(req);
    if (scope.via === 'api') throw forbidden(req, { refused: 'stream ticket for an API access code' });
    return { ticket: await issueTicket(db, scope.tokenHash), expiresInSec: 60 };
  });

  // Public at the guard because a ticket may stand in for the token; checked right here.
  serve(telemetryApi.stream, { public: true }, async ({ req, reply, query }) => {
    const scope = await streamScope(req, query.ticket);
    const visible = await scope.sheds();
    const hidden = query.shedIds?.find((id) => !visible.has(id));
    if (hidden !== undefined) throw refusal(req, ErrorCodes.NO_PERMISSION, { refused: 'shed', id: hidden });
    const sheds = query.shedIds ? new Set(query.shedIds) : new Set(visible.keys());

    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write(`event: ready\ndata: ${JSON.stringify({ shedIds: [...sheds.keys()] })}\n\n`);
    // Alarm changes only for accounts with the alarm records screen (its application code).
    const seesAlarms = scope.functions.has(ALARM_RECORDS_APP);
    const unsubscribe = hub.subscribe((e: LiveEvent) => {
      if (e.data.shedId === null || !sheds.has(e.data.shedId)) return;
      if (e.type === 'alarm' && !seesAlarms) return;
      out.write(`event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
    });
    let checking = false;
    const timer = setInterval(() => {
      out.write(': keep-alive\n\n');
      if (checking) return;
      checking = true;
      // A signed-out, banned or expired session stops receiving values.
      void authBySessionHash(db, scope.tokenHash)
        .then((still) => (still ? undefined : out.end()))
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, KEEP_ALIVE_MS);
    const close = (): void => {
      clearInterval(timer);
      unsubscribe();
    };
    req.raw.on('close', close);
    out.on('close', close);
  });

  serve(telemetryApi.latest, { app: ENV_VIEW_APPS }, async ({ req, query }) => {
    const scope = scopeOf(req);
    const { shedId } = query;
    await visibleShed(scope, shedId, { code: ErrorCodes.NO_PERMISSION });
    const rows = await deps.database.query<LatestSqlRow>(
      `SELECT g.id, g.code, g.name, s.online, s.since, s.last_seen_at, l.key, l.ts, l.value
         FROM gateways g
         LEFT JOIN gateway_status s ON s.gateway_id = g.id
         LEFT JOIN telemetry_latest l ON l.gateway_id = g.id
        WHERE g.shed_id = $1 AND g.tenant_id = $2
        ORDER BY g.id, l.key`,
      [shedId, scope.tenantId],
    );
    const byGateway = new Map<number, LatestGateway>();
    for (const r of rows) {
      let g = byGateway.get(r.id);
      if (!g) {
        g = {
          gatewayId: r.id,
          code: r.code,
          name: r.name,
          online: r.online === true,
          since: r.since ? new Date(r.since).getTime() : null,
          lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at).getTime() : null,
          ts: null,
          values: {},
          times: {},
        };
        byGateway.set(r.id, g);
      }
      if (r.key !== null && r.ts !== null && r.value !== null) {
        const t = new Date(r.ts).getTime();
        g.values[r.key] = r.value;
        g.times[r.key] = t;
        g.ts = Math.max(g.ts ?? 0, t);
      }
    }
    return { shedId, gateways: [...byGateway.values()] };
  });

  serve(telemetryApi.trend, { app: ENV_VIEW_APPS }, async ({ req, query: q }) => {
    const scope = scopeOf(req);
    refuseEndBeforeStart(q.from, q.to, { emptyAllowed: false });
    // Charts are of gateways in a shed the caller sees; anything else is refused alike.
    const gw = await visibleGateway(scope, { id: q.gatewayId }, { code: ErrorCodes.NO_PERMISSION });
    if (gw.shedId === null) throw refusal(req, ErrorCodes.NO_PERMISSION, { refused: 'gateway', id: q.gatewayId });
    return queryTrend(deps.database, q.gatewayId, q.key, q.from, q.to, q.maxPoints);
  });

  serve(telemetryApi.ingestStats, async ({ req }) => {
    if (!isAdmin(scopeOf(req))) throw forbidden(req, { needed: ['administrator'] });
    return readIngestStats(deps.database);
  });

  /** The stream's scope: the session's (token header) or the ticket's; API access codes are refused. */
  async function streamScope(req: FastifyRequest, ticket: string | undefined): Promise<Scope> {
    let scope: Scope | null = req.scope && req.scope.via !== 'api' ? req.scope : null;
    if (!scope && ticket) {
      const tokenHash = await redeemTicket(db, ticket);
      const auth = tokenHash ? await authBySessionHash(db, tokenHash) : null;
      if (auth) {
        req.auth = auth;
        scope = req.scope = buildScope(db, auth, req);
      }
    }
    if (!scope) throw new AppError(ErrorCodes.TOKEN_INVALID, { httpStatus: 401 });
    if (scope.mustChangePassword) throw new AppError(ErrorCodes.PASSWORD_CHANGE_REQUIRED, { httpStatus: 403 });
    requireFunction(req, scope.functions, ENV_VIEW_APPS);
    return scope;
  }
};
