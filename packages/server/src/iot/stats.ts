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
    const params: unknown[] = [this.node, this.startedAt.toISOString(), ...COLUMNS.map(([k]) => snap[k])];
    await this.database.query(
      `INSERT INTO ingest_stats (node, started_at, updated_at, ${cols.join(', ')})
       VALUES ($1, $2, now(), ${cols.map((_, i) => `$${i + 3}`).join(', ')})
       ON CONFLICT (node) DO UPDATE SET updated_at = now(), ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      params,
    );
  }
}

/** Sums every process's counters; `nodes` lists the processes seen in the last `activeMs`. */
export async function readIngestStats(database: Database, activeMs = 60_000): Promise<IngestStats> {
  const rows = await database.query<Record<string, unknown> & { node: string; started_at: string | Date; updated_at: string | Date }>(
    `SELECT node, started_at, updated_at, ${COLUMNS.map(([, c]) => c).join(', ')} FROM ingest_stats ORDER BY updated_at DESC`,
  );
  const totals = new IngestCounters().snapshot();
  const now = Date.now();
  const nodes = rows.map((r) => {
    for (const [k, c] of COLUMNS) totals[k] += Number(r[c]);
    const updatedAt = new Date(r.updated_at);
    return {
      node: String(r.node),
      startedAt: new Date(r.started_at).toISOString(),
      updatedAt: updatedAt.toISOString(),
      active: now - updatedAt.getTime() < activeMs,
    };
  });
  return { totals, nodes };
}
