import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * The embedded store's shared buffers (issue 19, memory at rest). PGlite starts PostgreSQL with
 * its default 128 MB of shared buffers inside the WebAssembly heap, and that heap is touched at
 * start and never given back: 120 MB of the idle server's RSS. Pages it does not hold are read
 * through the operating system's page cache (PGlite's data directory is real files), so a
 * farm's hot pages (the newest readings, the sheds, the sessions) fit in 32 MB; measured with
 * `npm run bench -- load` (README, "Ingest under load").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Options of every embedded store the server opens (the thread's and the in-process one). */
export function pgliteOptions(): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}
