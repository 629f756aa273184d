// Bundles the server (and @farmsense/shared, which ships TypeScript source) into dist/main.js;
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@farmsense/'));
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  // The embedded database's thread (db/pglite-thread.ts loads ./pglite-worker.js beside main.js).
  entryPoints: { main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  external: [...external, 'drizzle-orm/*', '@electric-sql/pglite/*'],
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync(new URL('./drizzle', import.meta.url), new URL('./dist/drizzle', import.meta.url), { recursive: true });
// The translation catalogue (shared/src/i18n/index.ts reads <locale>/<namespace>.json from disk).
cpSync(new URL('../shared/src/i18n', import.meta.url), new URL('./dist/i18n', import.meta.url), {
  recursive: true,
  filter: (src) => !src.endsWith('.ts'),
});
