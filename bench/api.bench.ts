/**
 * API load benchmark (issue 17 "An API that stays fast"): the server runs as its own process on
 * the demo data (embedded PGlite, then PostgreSQL with `--pg` or BENCH_API_PG=1 ... both by
 * default), and autocannon drives 100 connections for 10 s per call, one call after another in
 * the same run:
 *   - GET /api/health (no session): the ceiling of the HTTP stack;
 *   - an authenticated call that does next to nothing (the account's default application: the
 *     session and access check plus one small read) -> ratio against health (target >= 0.5);
 *   - the shed list (querySheds of a farm, the shed overview's first call) -> req/s and p99
 *     (target p99 < 100 ms);
 *   - a 24-hour environment trend of a farm's sheds (POST /api/environment/trend, preset 24h)
 *     -> req/s and p99 (target p99 < 200 ms).
 * Clients accept br/gzip as browsers do. The last line follows CONTRACT §3:
 *   api: <authed req/s> req/s (health=<req/s> req/s, ratio=<r>)
 *
 * Run: npm run bench -- api          (env: BENCH_API_STORES=pglite,postgres; BENCH_PG_URL)
 */
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPg } from './fresh-pg.js';
import { startServer } from './serve.js';

const STORES = (process.env.BENCH_API_STORES ?? 'pglite,postgres').split(',').filter(Boolean);
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1) throw new Error(`${url} answered ${json.code}`);
  return json.data;
}

async function signIn(base: string): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>(base, 'GET', '/api/getConfig');
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Demo@12345'),
  ).toString('base64');
  const data = await api<{ token: string }>(base, 'POST', '/api/breedpigaccount/login/doLogin', { username: 'demo', password });
  return data.token;
}

async function load(base: string, req: { method?: 'GET' | 'POST'; path: string; body?: unknown; token?: string }): Promise<Figures> {
  const result = await autocannon({
    url: base + req.path,
    method: req.method ?? 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: {
      'accept-encoding': 'br, gzip',
      ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(req.token ? { token: req.token } : {}),
    },
    ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const fmt = (f: Figures): string =>
  `${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.errors || f.non2xx ? ` (errors ${f.errors}, non-2xx ${f.non2xx})` : ''}`;

async function run(store: string): Promise<{ health: Figures; authed: Figures }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-api-'));
  const pgDb = store === 'postgres' ? await freshPg() : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO: '1', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  const started = Date.now();
  const server = await startServer(env);
  try {
    process.stdout.write(`${store}: server with demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    const token = await signIn(server.base);
    const me = await api<{ farms: { id: number }[] }>(server.base, 'GET', '/api/breedpigaccount/login/getUserInfo', undefined, token);
    const farmId = me.farms[0]!.id;
    const sheds = await api<{ list: { tid: number }[] }>(
      server.base,
      'POST',
      '/api/breedpigbuilding/shed/querySheds',
      { pageNo: 1, pageSize: 50, farmId },
      token,
    );
    const shedIds = sheds.list.slice(0, 6).map((s) => s.tid);
    const trend = { shedIds, kind: 'temp', preset: '24h' };
    await api(server.base, 'POST', '/api/environment/trend', trend, token);

    const health = await load(server.base, { path: '/api/health' });
    const authed = await load(server.base, { path: '/api/portalmanage/defaultApplication/get', token });
    const shedList = await load(server.base, {
      method: 'POST',
      path: '/api/breedpigbuilding/shed/querySheds',
      body: { pageNo: 1, pageSize: 50, farmId },
      token,
    });
    const trendLoad = await load(server.base, { method: 'POST', path: '/api/environment/trend', body: trend, token });
    process.stdout.write(`${store}: health                ${fmt(health)}\n`);
    process.stdout.write(
      `${store}: authenticated call    ${fmt(authed)}  ratio to health ${(authed.rps / health.rps).toFixed(2)} (target >= 0.5)\n`,
    );
    process.stdout.write(`${store}: shed list (${sheds.list.length} sheds)   ${fmt(shedList)}  (target p99 < 100 ms)\n`);
    process.stdout.write(`${store}: 24 h trend (${shedIds.length} sheds)  ${fmt(trendLoad)}  (target p99 < 200 ms)\n`);
    return { health, authed };
  } finally {
    await server.stop();
    if (pgDb) await pgDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let last: { health: Figures; authed: Figures } | null = null;
for (const store of STORES) last = await run(store);
if (last) {
  process.stdout.write(
    `api: ${last.authed.rps.toFixed(0)} req/s (health=${last.health.rps.toFixed(0)} req/s, ratio=${(last.authed.rps / last.health.rps).toFixed(2)})\n`,
  );
}
