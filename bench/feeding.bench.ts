/**
 * Precision feeding benchmark (issue 15 "Benchmarks and tests"): the server runs as its own
 * process on a fresh PostgreSQL database with its embedded MQTT broker listening on TCP; the
 * feeder hierarchy (concentrators of 200 feeders on collectors of 50, one feeder per pen of one
 * sow house) is seeded in the database (bench/feeding-kit.ts), and the simulator package's
 * concentrators (FeedConcentratorModel over SimulatorRunner) connect to that broker from this
 * process and answer each feeder's `setRation` command with an ack.
 *   1. Dispatch: one plan of three age stages and four meals, made through the API for the whole
 *      house, dispatched to BENCH_FEEDERS (2,000) feeders by POST /api/feeding/plan/dispatch,
 *      timed from the POST until no copy is pending (every feeder's copy confirmed or failed;
 *      counted from the dispatch rows every 100 ms). Target: all confirmed in < 30 s.
 *   2. Reports: BENCH_FEED_RECORDS (10,000,000) stored feeder-days (a feederFeed and a
 *      feederRation row of the daily rollup per feeder and day, a feederState on some days)
 *      written with INSERT ... SELECT over generate_series, then GET /api/feeding/records/feeding
 *      and GET /api/feeding/records/amount (20 rows a page) over the house's last
 *      BENCH_FEED_RANGE_DAYS (7) days, pages 1..5 in turn, BENCH_FEED_SAMPLES (40) calls each,
 *      one after another, after BENCH_FEED_WARMUP (5) unmeasured calls of the same report. Before
 *      the reads the whole database is analyzed and checkpointed, as a serving PostgreSQL would
 *      be by autovacuum and the background writer (this machine's runs with autovacuum off, and
 *      without statistics the feeder tables were planned as empty; right after the bulk write the
 *      first reads also wrote out its dirty pages). Target: p95 < 100 ms for each.
 * The last line follows CONTRACT §3: feeding: <dispatch> s (target=30 s, ratio=<s/30>).
 * The exit code is non-zero when a target is missed.
 *
 * Run: npm run bench -- feeding   (env: BENCH_PG_URL, BENCH_FEEDERS, BENCH_FEED_RECORDS,
 *                                  BENCH_FEED_SAMPLES, BENCH_FEED_WARMUP, BENCH_FEED_RANGE_DAYS; BENCH_FEED_EXPLAIN=1
 *                                  prints the plans of the reports' statements, page 5)
 */
import os from 'node:os';
import { SimulatorRunner } from '../packages/simulator/src/index.js';
import { openDatabase, type Database } from '../packages/server/src/db/client.js';
import { FIGURES_SQL, SETS_SQL } from '../packages/server/src/modules/feeding/feeder-page.js';
import { benchPlan, CHECK_CODE, concentrators, seedFeedWorld, storeFeederDays, type FeedWorld } from './feeding-kit.js';
import { freshPg } from './fresh-pg.js';
import { freePort, startServer } from './serve.js';

const FEEDERS = Number(process.env.BENCH_FEEDERS ?? 2_000);
const RECORDS = Number(process.env.BENCH_FEED_RECORDS ?? 10_000_000);
const SAMPLES = Number(process.env.BENCH_FEED_SAMPLES ?? 40);
const WARMUP = Number(process.env.BENCH_FEED_WARMUP ?? 5);
const RANGE_DAYS = Number(process.env.BENCH_FEED_RANGE_DAYS ?? 7);
const DISPATCH_TARGET_S = 30;
const REPORT_TARGET_MS = 100;
const DAY_MS = 86_400_000;

const p = (samples: number[], q: number): number => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(base: string, method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1) throw new Error(`${method} ${url} answered ${json.code}: ${JSON.stringify(json.data)}`);
  return json.data;
}

async function waitOnline(database: Database, ids: number[], ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const [r] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM gateway_status WHERE online AND gateway_id = ANY($1::int[])`,
      [ids],
    );
    if (r!.n === ids.length) return;
    if (Date.now() > end) throw new Error(`only ${r!.n} of ${ids.length} concentrators online after ${ms / 1000} s`);
    await sleep(200);
  }
}

interface Counts {
  copies: number;
  confirmed: number;
  pending: number;
  failed: number;
}

async function counts(database: Database, planId: number): Promise<Counts> {
  const [c] = await database.query<Counts>(
    `SELECT count(*)::int AS copies,
            count(*) FILTER (WHERE status = 'sent' AND result = 1)::int AS confirmed,
            count(*) FILTER (WHERE status <> 'sent')::int AS pending,
            count(*) FILTER (WHERE status = 'sent' AND result IS DISTINCT FROM 1)::int AS failed
       FROM feeding_dispatches WHERE plan_id = $1`,
    [planId],
  );
  return c!;
}

interface Dispatch extends Counts {
  answerMs: number;
  doneMs: number;
  status: string;
}

async function dispatch(base: string, database: Database, w: FeedWorld): Promise<Dispatch> {
  const plan = await api<{ id: number }>(base, 'POST', '/api/feeding/plan', w.token, benchPlan(w));
  const started = performance.now();
  await api(base, 'POST', '/api/feeding/plan/dispatch', w.token, { id: plan.id });
  const answerMs = performance.now() - started;
  let c: Counts;
  for (;;) {
    c = await counts(database, plan.id);
    if (c.copies > 0 && c.pending === 0) break;
    if (performance.now() - started > 10 * DISPATCH_TARGET_S * 1000) break;
    await sleep(100);
  }
  const doneMs = c.pending === 0 ? performance.now() - started : Number.POSITIVE_INFINITY;
  const { dispatchStatus } = await api<{ dispatchStatus: string }>(base, 'GET', `/api/feeding/plan/${plan.id}`, w.token);
  return { ...c, answerMs, doneMs, status: dispatchStatus };
}

async function report(base: string, w: FeedWorld, path: string, days: number): Promise<{ ms: number[]; total: number }> {
  const span = Math.min(RANGE_DAYS, days);
  const end = Date.now() - DAY_MS;
  const start = end - (span - 1) * DAY_MS;
  const ms: number[] = [];
  let total = 0;
  for (let i = -WARMUP; i < SAMPLES; i++) {
    const url = `${path}?farmId=${w.farmId}&startTime=${start}&endTime=${end}&pageNo=${(((i % 5) + 5) % 5) + 1}&pageSize=20`;
    const t = performance.now();
    const page = await api<{ total: number; list: unknown[] }>(base, 'GET', url, w.token);
    if (i >= 0) ms.push(performance.now() - t);
    if (page.list.length === 0) throw new Error(`${path} answered an empty page`);
    total = page.total;
  }
  return { ms, total };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the reports' statements (feeder-page.ts) as the server runs them
 * for page 5: which feeders have a record on which day of the range, then the page's 20 rows.
 */
async function explain(database: Database, w: FeedWorld, days: number): Promise<void> {
  const feeders = await database.query<{ f: number; g: number }>(
    `SELECT s.id AS f, j.gateway_id AS g FROM feed_devices s
       JOIN feed_devices c ON c.id = s.parent_id JOIN feed_devices j ON j.id = c.parent_id
      WHERE s.kind = 'feeder' AND s.shed_id = $1 ORDER BY s.id`,
    [w.shedId],
  );
  const [b] = await database.query<{ start: Date; end: Date }>(
    `SELECT date_trunc('day', now(), 'Asia/Shanghai') - make_interval(days => $1::int) AS start, date_trunc('day', now(), 'Asia/Shanghai') AS end`,
    [Math.min(RANGE_DAYS, days)],
  );
  const show = async (sql: string, params: unknown[]) => {
    const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
  };
  await show(SETS_SQL, [[...new Set(feeders.map((x) => x.g))], b!.start.toISOString(), b!.end.toISOString()]);
  const page = feeders.slice(80, 100);
  const day = new Date(b!.end.getTime() - DAY_MS).toISOString();
  await show(FIGURES_SQL, [page.map((x) => x.g), page.map((x) => x.f), page.map(() => day)]);
}

async function main(): Promise<void> {
  console.log(
    `feeding: ${FEEDERS} feeders, ${RECORDS.toLocaleString('en')} feeder-days; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const fresh = await freshPg();
  const mqttPort = await freePort();
  const started = Date.now();
  const server = await startServer({ DATABASE_URL: fresh.url, DEMO: '0', MQTT_PORT: String(mqttPort) });
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  let runner: SimulatorRunner | null = null;
  try {
    const w = await seedFeedWorld(database, FEEDERS);
    runner = new SimulatorRunner({
      connection: { url: `mqtt://127.0.0.1:${mqttPort}` },
      gateways: concentrators(w).map((model) => ({ model, password: CHECK_CODE })),
      intervalS: 30,
    });
    await runner.start();
    await waitOnline(database, w.gatewayIds, 60_000);
    console.log(
      `feeding: server (PostgreSQL, embedded broker on TCP) and ${w.gatewayIds.length} simulated concentrators with ${FEEDERS} feeders online in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const d = await dispatch(server.base, database, w);
    const dispatchS = d.doneMs / 1000;
    console.log(
      `dispatch: one plan (3 stages, 4 meals) to ${FEEDERS} feeders: ${d.confirmed} confirmed, ${d.pending} pending, ${d.failed} failed of ${d.copies} copies; dispatch call answered in ${(d.answerMs / 1000).toFixed(2)} s, none pending after ${dispatchS.toFixed(2)} s (plan ${d.status}; target all confirmed < ${DISPATCH_TARGET_S} s)`,
    );
    console.log(`  simulator: ${runner.stats.commands} commands obeyed, ${runner.stats.connects} connects`);
    await runner.stop();
    runner = null;

    const t = Date.now();
    const days = await storeFeederDays(database, w, RECORDS, (s) => console.log(s));
    console.log(
      `records: ${(days * FEEDERS).toLocaleString('en')} feeder-days (${days} days x ${FEEDERS} feeders) stored in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const settled = Date.now();
    await database.query('ANALYZE');
    await database.query('CHECKPOINT');
    console.log(`records: database analyzed and checkpointed in ${((Date.now() - settled) / 1000).toFixed(1)} s`);
    const figures: { name: string; p95: number }[] = [];
    for (const [name, path] of [
      ['feeding records', '/api/feeding/records/feeding'],
      ['amount records', '/api/feeding/records/amount'],
    ] as const) {
      const r = await report(server.base, w, path, days);
      const p95 = p(r.ms, 0.95);
      figures.push({ name, p95 });
      console.log(
        `${name} (${path}, ${Math.min(RANGE_DAYS, days)} days of the house, ${r.total.toLocaleString('en')} rows, pages 1-5 of 20), ${r.ms.length} calls after ${WARMUP} unmeasured: p50 ${p(r.ms, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...r.ms).toFixed(0)} ms (target p95 < ${REPORT_TARGET_MS} ms)`,
      );
    }
    if (process.env.BENCH_FEED_EXPLAIN === '1') await explain(database, w, days);

    const missed: string[] = [];
    if (!(dispatchS < DISPATCH_TARGET_S)) missed.push(`dispatch ${dispatchS.toFixed(2)} s >= ${DISPATCH_TARGET_S} s`);
    if (d.confirmed !== FEEDERS) missed.push(`only ${d.confirmed} of ${FEEDERS} feeders confirmed`);
    for (const f of figures) if (!(f.p95 < REPORT_TARGET_MS)) missed.push(`${f.name} p95 ${f.p95.toFixed(0)} ms >= ${REPORT_TARGET_MS} ms`);
    if (missed.length) {
      console.error(`feeding: target missed: ${missed.join('; ')}`);
      process.exitCode = 1;
    }
    console.log(`feeding: ${dispatchS.toFixed(2)} s (target=${DISPATCH_TARGET_S} s, ratio=${(dispatchS / DISPATCH_TARGET_S).toFixed(2)})`);
  } finally {
    await runner?.stop();
    await database.close();
    await server.stop();
    await fresh.drop();
  }
}

await main();
