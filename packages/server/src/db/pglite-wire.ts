/** Messages between the embedded store's thread (db/pglite-worker.ts) and its client (db/pglite-thread.ts). */
export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      tx?: number;
      rowMode?: 'array' | 'object';
      rawTypes?: number[];
      /** Bulk work (an ingest write): statements outside transactions without it go first. */
      bulk?: boolean;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** A database error as plain fields (PostgreSQL's SQLSTATE `code`, `constraint`, `detail` ...). */
export type WireError = { message: string; name: string } & Record<string, string>;

export interface WireResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type Reply =
  { id: number; result: unknown } | { id: number; error: WireError } | { notify: number; payload: string } | { ready: true };
