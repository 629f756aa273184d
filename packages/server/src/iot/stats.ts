import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { IngestStats, IngestTotals } from '@farmsense/shared';
import type { Database } from '../db/client.js';

/** Cumulative ingest counters of this process (see the ingest_stats table for their meaning). */
export class IngestCounters {
  messages = 0;
  points = 0;
  stored = 0;
  duplicates = 0;
  malformed = 0;
  badValues = 0;
  unknownDevice = 0;
  dbErrors = 0;
  batches = 0;
  /** Gauge, not a total: the longest receipt-to-commit wait since the last stats flush (ms). */
  lagMs = 0;

  snapshot(): IngestTotals {
    const { messages, points, stored, duplicates, malformed, badValues, unknownDevice, dbErrors, batches } = this;
    return { messages, points, stored, duplicates, malformed, badValues, unknownDevice, dbErrors, batches };
  }
}

const COLUMNS: [keyof IngestTotals, string][] = [
  ['messages', 'messages'],
  ['points', 'points'],
  ['stored', 'stored'],
  ['duplicates', 'duplicates'],
  ['malformed', 'malformed'],
  ['badValues', 'bad_values'],
  ['unknownDevice', 'unknown_device'],
  ['dbErrors', 'db_errors'],
  ['batches', 'batches'],
];

/** One row per running process; the id survives only as long as the process. */
export function nodeId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Writes this process's counters to ingest_stats every few seconds, so the stats route can sum
 * every ingest worker. Counters are absolute, so a lost write is repaired by the next one.
 */
export class StatsWriter {
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = new Date();

  constructor(
    private readonly database: Database,
    private readonly counters: IngestCounters,
    readonly node: string = nodeId(),
    /** Messages received and not yet durable now (Ingest.pending). */
    private readonly pending: () => number = () => 0,
  ) {}

  start(everyMs = 5_000): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }

  async flush(): Promise<void> {
    const snap = this.counters.snapshot();
    const cols = COLUMNS.map(([, c]) => c);
    const lagMs = this.counters.lagMs;
    const params: unknown[] = [
      this.node,
      this.startedAt.toISOString(),
      Math.min(lagMs, 2 ** 31 - 1),
      this.pending(),
      ...COLUMNS.map(([k]) => snap[k]),
    ];
    await this.database.query(
      `INSERT INTO ingest_stats (node, started_at, updated_at, lag_ms, pending, ${cols.join(', ')})
       VALUES ($1, $2, now(), $3, $4, ${cols.map((_, i) => `$${i + 5}`).join(', ')})
       ON CONFLICT (node) DO UPDATE SET updated_at = now(), lag_ms = excluded.lag_ms, pending = excluded.pending,
         ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      params,
    );
    // The gauge starts again for the next period (a failed write keeps it for the next try).
    if (this.counters.lagMs === lagMs) this.counters.lagMs = 0;
  }
}

/** Sums every process's counters; `nodes` lists the processes seen in the last `activeMs`. */
export async function readIngestStats(database: Database, activeMs = 60_000): Promise<IngestStats> {
  const rows = await database.query<
    Record<string, unknown> & { node: string; started_at: string | Date; updated_at: string | Date; lag_ms: number; pending: number }
  >(
    `SELECT node, started_at, updated_at, lag_ms, pending, ${COLUMNS.map(([, c]) => c).join(', ')} FROM ingest_stats ORDER BY updated_at DESC`,
  );
  const totals = new IngestCounters().snapshot();
  const now = Date.now();
  let lagMs = 0;
  let pending = 0;
  const nodes = rows.map((r) => {
    for (const [k, c] of COLUMNS) totals[k] += Number(r[c]);
    const updatedAt = new Date(r.updated_at);
    const active = now - updatedAt.getTime() < activeMs;
    // Gauges of processes gone are stale: only the active ones say how far behind ingest is.
    if (active) {
      lagMs = Math.max(lagMs, Number(r.lag_ms));
      pending += Number(r.pending);
    }
    return {
      node: String(r.node),
      startedAt: new Date(r.started_at).toISOString(),
      updatedAt: updatedAt.toISOString(),
      active,
      lagMs: Number(r.lag_ms),
      pending: Number(r.pending),
    };
  });
  return { totals, lagMs, pending, nodes };
}
