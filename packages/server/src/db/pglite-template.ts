import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pgliteOptions } from './pglite-options.js';

/**
 * A migrated empty embedded store, kept as a data-directory dump so that a store opened in memory
 * (the API tests open one or more per file) starts from it instead of replaying every migration:
 * replaying them costs about 7 s of WebAssembly per store, loading the dump a fraction of that.
 * The dump is keyed by the migrations' content and the PGlite version, written once per machine
 * in the temporary folder (atomically, so parallel test workers can race on it) and reused.
 * Migrations still run after loading: they find everything applied and return at once, and a
 * stale or foreign dump could only make them do real work, never skip any.
 */
let pending: Promise<Blob> | null = null;

function templateKey(folder: string): string {
  const h = createHash('sha256');
  h.update(pgliteVersion());
  for (const f of readdirSync(folder)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(path.join(folder, f)));
  h.update(readFileSync(path.join(folder, 'meta/_journal.json')));
  return h.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its data directory format goes with it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? '';
    }
    dir = path.dirname(dir);
  }
  return '';
}

async function build(folder: string, file: string): Promise<Blob> {
  const client = await PGlite.create('memory://', pgliteOptions());
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    const dump = await client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

/** The dump of a store holding every migration of `folder` (built on first use). */
export function migratedTemplate(folder: string): Promise<Blob> {
  pending ??= (async () => {
    const file = path.join(os.tmpdir(), `farmsense-pglite-${templateKey(folder)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    return build(folder, file);
  })();
  return pending;
}
