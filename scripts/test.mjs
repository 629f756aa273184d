#!/usr/bin/env node
// `npm test`: every suite, in order — unit and web (vitest), API on embedded PGlite, API on the
// PostgreSQL server, then browser tests in Chromium. Prints one closing line
// `N passed, N failed, N skipped` summed over all suites and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fs-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = [];
const failedTests = [];
const retriedOut = path.join(tmp, 'retried.txt'); // tests that passed on their retry (scripts/retried-reporter.mjs) // `suite: file > test name` and the first line of the failure, printed last

function firstLine(msg) {
  return stripVTControlCharacters(String(msg ?? ''))
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300);
}

function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedSuites.push(name);
  return r.status === 0;
}

function vitest(name, projects, env = {}) {
  const out = path.join(tmp, `${name}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/retried-reporter.mjs',
    `--outputFile.json=${out}`,
  ];
  const ok = run(name, 'npx', args, { RETRIED_OUT: retriedOut, ...env });
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if (!ok && (j.numFailedTests ?? 0) === 0) totals.failed += 1; // a suite that failed to load
    for (const file of j.testResults ?? []) {
      const rel = path.relative(root, file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) failedTests.push(`${name}: ${rel} > ${a.fullName}\n    ${firstLine(a.failureMessages?.[0])}`);
      if (!failed.length && file.status === 'failed') failedTests.push(`${name}: ${rel}\n    ${firstLine(file.message)}`);
    }
  } else if (!ok) totals.failed += 1;
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

vitest('unit-and-web', ['unit', 'web']);
vitest('api-pglite', ['api']);

const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const u = new URL(pgUrl);
if (await reachable(u.hostname, Number(u.port || 5432))) {
  vitest('api-postgres', ['api-pg'], { DATABASE_URL: pgUrl });
} else if (process.env.DATABASE_URL) {
  process.stdout.write(`\nPostgreSQL at ${u.host} is not reachable but DATABASE_URL is set: failing.\n`);
  totals.failed += 1;
  failedSuites.push('api-postgres');
} else {
  process.stdout.write('\n=== api-postgres: skipped (no PostgreSQL on 127.0.0.1:5432 and DATABASE_URL unset) ===\n');
}

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(chrome)) {
  if (run('build', 'npm', ['run', 'build'])) {
    const out = path.join(tmp, 'e2e.json');
    run('browser (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      CHROME_PATH: chrome,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
      const walk = (suite, file) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected')
              failedTests.push(`browser: ${file ?? suite.file} > ${spec.title}\n    ${firstLine(t.results?.at(-1)?.error?.message)}`);
        for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
      };
      for (const suite of JSON.parse(readFileSync(out, 'utf8')).suites ?? []) walk(suite);
    } else totals.failed += 1;
  } else totals.failed += 1;
} else if (process.env.E2E === 'required') {
  process.stdout.write(`\nE2E=required but no Chromium at ${chrome}: failing.\n`);
  totals.failed += 1;
  failedSuites.push('browser');
} else {
  process.stdout.write(`\n=== browser tests: skipped (no Chromium at ${chrome}; set CHROME_PATH) ===\n`);
}

if (existsSync(retriedOut)) process.stdout.write(`\nPassed on retry (flaky):\n${readFileSync(retriedOut, 'utf8')}`);
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
if (failedSuites.length) process.stdout.write(`\nFailed suites: ${failedSuites.join(', ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSuites.length || totals.failed ? 1 : 0);
