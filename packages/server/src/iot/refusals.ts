import type { DeviceRefusalReason } from '@farmsense/shared';
import type { Database } from '../db/client.js';
import type { Log } from './ingest.js';

/**
 * Refused CONNECTs, counted per device code and logged, and kept per registered gateway
 * (gateway_refusals: count, last reason and time) for its device page. A device hammering CONNECT
 * with a wrong check code must not cost a write or a log line per attempt: refusals are gathered
 * in memory and written and logged in bulk every flush.
 */
interface Counted {
  gatewayId: number | null;
  count: number;
  reason: DeviceRefusalReason;
  at: number;
}

/** Codes gathered between two flushes at most (unknown codes beyond it are only counted in total). */
const MAX_CODES = 5_000;

const UPSERT_SQL = `
INSERT INTO gateway_refusals AS r (gateway_id, count, last_reason, last_at)
SELECT u.gateway_id, u.n, u.reason, 'epoch'::timestamptz + u.ms * interval '1 millisecond'
  FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[]) AS u(gateway_id, n, reason, ms)
 WHERE EXISTS (SELECT 1 FROM gateways g WHERE g.id = u.gateway_id) -- deleted meanwhile
ON CONFLICT (gateway_id) DO UPDATE SET count = r.count + excluded.count,
  last_reason = CASE WHEN excluded.last_at >= r.last_at THEN excluded.last_reason ELSE r.last_reason END,
  last_at = greatest(r.last_at, excluded.last_at)`;

export class RefusalLog {
  private pending = new Map<string, Counted>();
  private overflow = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Refusals since start, all codes together (for tests and the log). */
  total = 0;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
  ) {}

  start(flushMs = 2_000): void {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** One refused CONNECT signed in as `code` (`gatewayId` when the code is registered). */
  refuse(code: string, gatewayId: number | null, reason: DeviceRefusalReason, at = Date.now()): void {
    this.total += 1;
    const known = this.pending.get(code);
    if (known) {
      known.count += 1;
      if (at >= known.at) Object.assign(known, { reason, at });
      return;
    }
    if (this.pending.size >= MAX_CODES) {
      this.overflow += 1;
      return;
    }
    this.pending.set(code, { gatewayId, count: 1, reason, at });
  }

  /** Writes and logs what was gathered; a failed write is logged and dropped (the counts are advisory). */
  async flush(): Promise<void> {
    if (this.pending.size === 0 && this.overflow === 0) return;
    const batch = this.pending;
    const overflow = this.overflow;
    this.pending = new Map();
    this.overflow = 0;
    for (const [code, c] of batch) this.log.warn({ code, reason: c.reason, refused: c.count }, 'device CONNECT refused');
    if (overflow > 0) this.log.warn({ refused: overflow }, 'device CONNECT refused (more codes than are counted one by one)');
    const known = [...batch.values()].filter((c) => c.gatewayId !== null);
    if (known.length === 0) return;
    try {
      await this.database.query(UPSERT_SQL, [
        known.map((c) => c.gatewayId),
        known.map((c) => c.count),
        known.map((c) => c.reason),
        known.map((c) => c.at),
      ]);
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'device refusals not recorded');
    }
  }
}

/**
 * CONTRACT §4: a gateway's MQTT client id is its device code, or the code followed by `-` and a
 * suffix. Anything else, another device's code above all, is refused ("identifier rejected"), so
 * one gateway's credentials cannot take over the session of another.
 */
export function clientIdAllowed(code: string, clientId: string): boolean {
  if (clientId === code) return true;
  return clientId.startsWith(`${code}-`) && /^[A-Za-z0-9._-]{1,48}$/.test(clientId.slice(code.length + 1));
}
