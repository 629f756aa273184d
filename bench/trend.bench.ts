/**
 * Trend benchmark (issue 4): a year of 1-minute readings (525,600) of one sensor, written through
 * the product's batch path (so the hourly and daily rollups are built as ingest builds them), on
 * a fresh PostgreSQL database. Timed: the year-long chart query through the HTTP API
 * (GET /api/telemetry/trend, with session check and shed scope), answered from the hourly rollup
 * in <= 2,000 points, beside the same chart computed by aggregating the raw history (same
 * buckets, same HTTP path). Figures are p95 over repeated calls after a warm-up.
 *
 * Run: npm run bench -- trend   (env: BENCH_PG_URL)
 */
import { buildApp } from '../packages/server/src/app.js';
import { createDeps } from '../packages/server/src/deps.js';
import { quietLog } from '../packages/server/src/lib/log.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase, type Database } from '../packages/server/src/db/client.js';
import { seedCatalogue } from '../packages/server/src/db/catalogue.js';
import { seedDemo } from '../packages/server/src/db/seed.js';
import { Partitions, monthKey } from '../packages/server/src/iot/partitions.js';
import { emptyBatch, storeBatch } from '../packages/server/src/iot/store.js';
import { queryRawBuckets, queryTrend, type TrendResult } from '../packages/server/src/modules/telemetry/query.js';
import { tokenFor } from '../packages/server/src/test/factories.js';
import { freshPg } from './fresh-pg.js';

const MINUTES = 365 * 24 * 60;
const RUNS = 60;
const RAW_RUNS = 15;

async function writeYear(database: Database, gatewayId: number, from: number): Promise<void> {
  const partitions = new Partitions(database);
  await partitions.refresh();
  const months = new Set<number>();
  for (let m = monthKey(from); m <= monthKey(from + MINUTES * 60_000); m++) months.add(m);
  await partitions.ensure(months);
  for (let i = 0; i < MINUTES; i += 10_000) {
    const b = emptyBatch();
    for (let j = i; j < Math.min(MINUTES, i + 10_000); j++) {
      b.gatewayIds.push(gatewayId);
      b.keys.push('temp.1');
      b.ts.push(from + j * 60_000);
      // A daily swing around a seasonal curve, with sensor noise.
      b.values.push(22 + 6 * Math.sin((2 * Math.PI * j) / 525_600) + 2 * Math.sin((2 * Math.PI * j) / 1_440) + Math.random() * 0.3);
    }
    b.zones.set(gatewayId, 'Asia/Shanghai');
    await storeBatch(database, b);
  }
  await database.query('ANALYZE telemetry');
  await database.query('ANALYZE telemetry_hourly');
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function p95(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
}

async function main(): Promise<void> {
  const fresh = await freshPg();
  try {
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
    const config = loadConfig({ CAPTCHA: 'off', DEMO: '0', SIMULATOR: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent' });
    await seedCatalogue(database.db);
    await seedDemo(database.db);
    const [gw] = await database.query<{ id: number }>(`SELECT id FROM gateways WHERE code = 'fs-demo04'`);
    const gatewayId = gw!.id;
    const to = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
    const from = to - MINUTES * 60_000;
    const t0 = performance.now();
    await writeYear(database, gatewayId, from);
    console.log(
      `trend: wrote ${MINUTES} one-minute readings through the ingest batch path in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp(createDeps({ config, database }, { log: quietLog }));
    // The reference: the same chart by aggregating the raw history, behind the same HTTP stack.
    app.get('/api/bench/rawTrend', { config: { app: 'ci18.env.temp' } }, async (req) => {
      const q = req.query as { gatewayId: string; key: string; from: string; to: string; bucketMs: string };
      return queryRawBuckets(database, Number(q.gatewayId), q.key, Number(q.from), Number(q.to), Number(q.bucketMs));
    });
    await app.ready();
    const token = await tokenFor(database.db, 'demo');
    const get = async (url: string): Promise<{ ms: number; data: TrendResult | TrendResult['points'] }> => {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { token } });
      const ms = performance.now() - s;
      const body = res.json() as { code: number; data: TrendResult | TrendResult['points'] };
      if (body.code !== 1) throw new Error(`${url} answered ${body.code}`);
      return { ms, data: body.data };
    };
    const trendUrl = `/api/telemetry/trend?gatewayId=${gatewayId}&key=temp.1&from=${from}&to=${to}&maxPoints=2000`;
    const first = (await get(trendUrl)).data as TrendResult;
    const rawUrl = `/api/bench/rawTrend?gatewayId=${gatewayId}&key=temp.1&from=${from}&to=${to}&bucketMs=${first.bucketMs}`;
    const rawFirst = (await get(rawUrl)).data as TrendResult['points'];
    const total = first.points.reduce((s, p) => s + p.count, 0);
    const same =
      first.points.length === rawFirst.length &&
      first.points.every((p, i) => p.count === rawFirst[i]!.count && p.min === rawFirst[i]!.min && p.max === rawFirst[i]!.max);
    console.log(
      `trend: ${first.source} source, ${first.points.length} points of ${first.bucketMs / 3_600_000} h covering ${total} readings; raw aggregate agrees: ${same ? 'yes' : 'NO'}`,
    );
    if (!same || total !== MINUTES) process.exitCode = 1;

    for (let i = 0; i < 5; i++) await get(trendUrl);
    const fast: number[] = [];
    for (let i = 0; i < RUNS; i++) fast.push((await get(trendUrl)).ms);
    const slow: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) slow.push((await get(rawUrl)).ms);
    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await queryTrend(database, gatewayId, 'temp.1', from, to, 2_000);
      direct.push(performance.now() - s);
    }
    console.log(
      `trend: the rollup query alone (no HTTP, session or scope checks): ${p95(direct).toFixed(1)} ms p95, ${median(direct).toFixed(1)} ms median`,
    );
    console.log(`trend: through the API: ${median(fast).toFixed(1)} ms median; raw aggregate ${median(slow).toFixed(1)} ms median`);
    await app.close();
    await database.close();
    const a = p95(fast);
    const b = p95(slow);
    console.log(`trend: ${a.toFixed(1)} ms p95 (raw=${b.toFixed(1)} ms, ratio=${(b / a).toFixed(1)})`);
  } finally {
    await fresh.drop();
  }
}

await main();
