#!/usr/bin/env node
// `npm run bench` runs every bench/<name>.bench.ts; `npm run bench -- ingest trend` runs those.
// Arguments starting with `--` (`--pg`, `--gateways=50`) are handed to each benchmark run.
// Each benchmark prints, as its last line, `<name>: <figure> <unit> (<comparison>=<figure> <unit>,
// ratio=<r>)` (CONTRACT §3). They run one after another (they measure the same machine), through
// tsx, and the exit code is non-zero if any of them failed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, 'bench');
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}\n`);
  process.exit(2);
}
const failed = [];
for (const name of wanted.length ? wanted : all) {
  process.stdout.write(`\n=== bench: ${name} ===\n`);
  const r = spawnSync('npx', ['tsx', path.join('bench', `${name}.bench.ts`), ...flags], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(name);
}
if (failed.length) {
  process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
