import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Monthly partitions of the history table `telemetry` (created by drizzle/0004_telemetry.sql).
 * A partition is named telemetry_yYYYYmMM and covers [first of month, first of next month) UTC.
 * They are created ahead at start-up and on demand by ingest; the DEFAULT partition only catches
 * rows if creation failed, and its rows are moved into the right month when that month is created.
 */
const NAME_RE = /^telemetry_y(\d{4})m(\d{2})$/;
/** Serialises partition DDL across every process sharing the database. */
const DDL_LOCK = 74_201_101;

export function monthKey(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function partitionName(month: number): string {
  const y = Math.floor(month / 12);
  const m = (month % 12) + 1;
  return `telemetry_y${y}m${String(m).padStart(2, '0')}`;
}

function monthStart(month: number): string {
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)).toISOString();
}

export class Partitions {
  private readonly known = new Set<number>();

  constructor(private readonly database: Database) {}

  /** Reads which monthly partitions exist (start-up, and after retention dropped some). */
  async refresh(): Promise<void> {
    const rows = await this.database.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = 'telemetry'`,
    );
    this.known.clear();
    for (const r of rows) {
      const m = NAME_RE.exec(r.name);
      if (m) this.known.add(Number(m[1]) * 12 + Number(m[2]) - 1);
    }
  }

  /** Creates this month and the next `ahead` months when missing. */
  async ensureAhead(nowMs = Date.now(), ahead = 2): Promise<void> {
    const first = monthKey(nowMs);
    const months: number[] = [];
    for (let m = first; m <= first + ahead; m++) months.push(m);
    await this.ensure(months);
  }

  /** Makes sure every listed month has its partition; cheap when all are known. */
  async ensure(months: Iterable<number>): Promise<void> {
    for (const month of months) {
      if (this.known.has(month)) continue;
      await this.create(month);
      this.known.add(month);
    }
  }

  private async create(month: number): Promise<void> {
    const name = partitionName(month);
    const from = monthStart(month);
    const to = monthStart(month + 1);
    // One transaction: lock, create the table, move any rows the DEFAULT partition caught for
    // this month (ATTACH would refuse otherwise), attach. Indexes follow the parent on ATTACH.
    await this.exec([
      `SELECT pg_advisory_xact_lock(${DDL_LOCK})`,
      `DO $$
      BEGIN
        IF NOT EXISTS (
          SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'telemetry'::regclass AND c.relname = '${name}'
        ) THEN
          CREATE TABLE IF NOT EXISTS ${name} (LIKE telemetry INCLUDING DEFAULTS);
          WITH moved AS (
            DELETE FROM telemetry_default WHERE ts >= '${from}' AND ts < '${to}' RETURNING *
          ) INSERT INTO ${name} SELECT * FROM moved;
          ALTER TABLE telemetry ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}');
        END IF;
      END $$`,
    ]);
  }

  /**
   * Retention: drops whole months that ended before `cutoffMs` (and the DEFAULT partition's
   * rows older than it). Rollups are kept, so long-range charts still work. Returns the names.
   */
  async dropBefore(cutoffMs: number): Promise<string[]> {
    await this.refresh();
    const dropped: string[] = [];
    for (const month of [...this.known].sort((a, b) => a - b)) {
      if (Date.parse(monthStart(month + 1)) > cutoffMs) continue;
      const name = partitionName(month);
      await this.exec([`SELECT pg_advisory_xact_lock(${DDL_LOCK})`, `DROP TABLE IF EXISTS ${name}`]);
      this.known.delete(month);
      dropped.push(name);
    }
    await this.database.query('DELETE FROM telemetry_default WHERE ts < $1', [new Date(cutoffMs).toISOString()]);
    return dropped;
  }

  /** Runs the statements in one transaction (names and bounds are generated, never user input). */
  private async exec(statements: string[]): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      for (const stmt of statements) await tx.execute(sql.raw(stmt));
    });
  }
}
