import type { Database } from '../db/client.js';
import type { Log } from './ingest.js';

/** Default heartbeat: no message for 3 x a 30 s reporting interval means the gateway is offline. */
export const HEARTBEAT_TIMEOUT_MS = 90_000;

/**
 * Gateway online state (gateway_status) and its transitions (gateway_status_events), fed by the
 * retained status topic (`online`, and `offline` as the last will), by every message a gateway
 * sends (a gateway that talks is online) and by a heartbeat sweep (silent for the timeout:
 * offline since it was last seen). Transitions are decided inside single statements
 * (ON CONFLICT ... WHERE the state differs), so several processes never record one twice.
 */
const TRANSITION_SQL = `
WITH s AS (
  SELECT * FROM unnest($1::int[], $2::bool[], $3::float8[]) AS u(gateway_id, online, ms)
), t AS (
  INSERT INTO gateway_status AS g (gateway_id, online, since, last_seen_at)
  SELECT gateway_id, online, 'epoch'::timestamptz + ms * interval '1 millisecond',
         CASE WHEN online THEN 'epoch'::timestamptz + ms * interval '1 millisecond' END
    FROM s WHERE EXISTS (SELECT 1 FROM gateways g2 WHERE g2.id = s.gateway_id) -- deleted meanwhile
   ORDER BY gateway_id
  ON CONFLICT (gateway_id) DO UPDATE SET online = excluded.online, since = excluded.since,
    last_seen_at = coalesce(greatest(g.last_seen_at, excluded.last_seen_at), g.last_seen_at, excluded.last_seen_at)
  -- only a real change of state, and never one older than the state it would replace
  WHERE g.online IS DISTINCT FROM excluded.online AND excluded.since >= g.since
  RETURNING gateway_id, online, since
)
INSERT INTO gateway_status_events (gateway_id, at, online)
SELECT gateway_id, since, online FROM t
RETURNING gateway_id, online`;

const SEEN_SQL = `
UPDATE gateway_status g SET last_seen_at = greatest(g.last_seen_at, 'epoch'::timestamptz + s.ms * interval '1 millisecond')
  FROM unnest($1::int[], $2::float8[]) AS s(gateway_id, ms)
 WHERE g.gateway_id = s.gateway_id`;

const SWEEP_SQL = `
WITH t AS (
  UPDATE gateway_status SET online = false, since = last_seen_at
   WHERE online AND last_seen_at < now() - $1::float8 * interval '1 millisecond'
  RETURNING gateway_id, since
)
INSERT INTO gateway_status_events (gateway_id, at, online)
SELECT gateway_id, since, false FROM t
RETURNING gateway_id`;

/** How long status messages are gathered into one statement (a fleet reconnecting sends a thousand at once). */
export const STATUS_GATHER_MS = 20;

export interface StatusChange {
  gatewayId: number;
  online: boolean;
}

export class StatusTracker {
  /** Gateway id -> last message time (ms), written in bulk every flush. */
  private seen = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping: NodeJS.Timeout | null = null;
  /** Status messages waiting for the next statement: the newest state of each gateway, and the callers. */
  private statusQueue = new Map<number, { online: boolean; at: number }>();
  private statusWaiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private statusTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
    private readonly opts: { timeoutMs?: number; onChange?: (changes: StatusChange[]) => void } = {},
  ) {}

  get timeoutMs(): number {
    return this.opts.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  }

  start(flushMs = 2_000): void {
    this.timer = setInterval(() => void this.flushSeen().catch((err: unknown) => this.warn(err)), flushMs);
    this.timer.unref();
    const sweepMs = Math.max(200, Math.min(10_000, Math.floor(this.timeoutMs / 6)));
    this.sweeping = setInterval(() => void this.sweep().catch((err: unknown) => this.warn(err)), sweepMs);
    this.sweeping.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.sweeping) clearInterval(this.sweeping);
    this.timer = this.sweeping = null;
    await this.flushStatus().catch((err: unknown) => this.warn(err));
    await this.flushSeen().catch((err: unknown) => this.warn(err));
  }

  /** Any message from the gateway: remember it; the next flush records it (and online if it was not). */
  markSeen(gatewayId: number, at = Date.now()): void {
    const prev = this.seen.get(gatewayId);
    if (prev === undefined || prev < at) this.seen.set(gatewayId, at);
  }

  /**
   * The status topic (or the last will): record the state. Resolves once recorded; the messages of
   * `STATUS_GATHER_MS` go in one statement, the newest of each gateway.
   */
  setStatus(gatewayId: number, online: boolean, at = Date.now()): Promise<void> {
    // A will arriving after telemetry must not be undone by the pending "seen" of that telemetry.
    if (!online) this.seen.delete(gatewayId);
    const prev = this.statusQueue.get(gatewayId);
    if (!prev || prev.at <= at) this.statusQueue.set(gatewayId, { online, at });
    return new Promise((resolve, reject) => {
      this.statusWaiters.push({ resolve, reject });
      this.statusTimer ??= setTimeout(() => void this.flushStatus(), STATUS_GATHER_MS);
    });
  }

  private async flushStatus(): Promise<void> {
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    const batch = this.statusQueue;
    const waiters = this.statusWaiters;
    this.statusQueue = new Map();
    this.statusWaiters = [];
    if (batch.size === 0) return;
    try {
      const ids = [...batch.keys()].sort((a, b) => a - b);
      await this.transition(
        ids,
        ids.map((id) => batch.get(id)!.online),
        ids.map((id) => batch.get(id)!.at),
      );
      const up = ids.filter((id) => batch.get(id)!.online);
      if (up.length > 0) await this.database.query(SEEN_SQL, [up, up.map((id) => batch.get(id)!.at)]);
      for (const w of waiters) w.resolve();
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }

  async flushSeen(): Promise<void> {
    if (this.seen.size === 0) return;
    const batch = this.seen;
    this.seen = new Map();
    const ids = [...batch.keys()];
    const times = ids.map((id) => batch.get(id)!);
    await this.transition(
      ids,
      ids.map(() => true),
      times,
    );
    await this.database.query(SEEN_SQL, [ids, times]);
  }

  /** Marks offline every online gateway silent for longer than the timeout. */
  async sweep(): Promise<StatusChange[]> {
    const rows = await this.database.query<{ gateway_id: number }>(SWEEP_SQL, [this.timeoutMs]);
    const changes = rows.map((r) => ({ gatewayId: r.gateway_id, online: false }));
    if (changes.length > 0) this.opts.onChange?.(changes);
    return changes;
  }

  private async transition(ids: number[], online: boolean[], at: number[]): Promise<void> {
    const rows = await this.database.query<{ gateway_id: number; online: boolean }>(TRANSITION_SQL, [ids, online, at]);
    if (rows.length > 0) this.opts.onChange?.(rows.map((r) => ({ gatewayId: r.gateway_id, online: r.online })));
  }

  private warn(err: unknown): void {
    this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'gateway status not recorded');
  }
}
