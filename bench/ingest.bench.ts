/**
 * Ingest benchmark (issue 4): N simulated gateways publish CONTRACT §4 telemetry over MQTT QoS 1
 * (TCP clients into the embedded aedes broker of this process) into the product's ingest on a
 * fresh PostgreSQL database. The figure is readings per second durably stored: the clock stops
 * when the last PUBACK arrived, and a PUBACK is only sent once the batch holding the message has
 * committed (history + latest + hourly/daily rollups). Beside it, in the same run and database,
 * the same rows go through a bare multi-row INSERT (unnest) into a table of the same shape
 * (partitioned, primary key, BRIN) with the same batch size and parallelism: `ratio` is what the
 * whole product path keeps of that. The two alternate in rounds so that load from elsewhere on a
 * shared machine hits both alike. Nothing lost, nothing doubled: rows and rollup counts are
 * checked against what was published. PGlite's figure (embedded, one connection) is printed first.
 *
 * Run: npm run bench -- ingest   (env: BENCH_PG_URL, BENCH_GATEWAYS, BENCH_MESSAGES, BENCH_VALUES,
 * BENCH_LANES, BENCH_ROUNDS). With many gateways (BENCH_GATEWAYS=1000 BENCH_MESSAGES=30) each
 * batch holds about one message per gateway, the steady state of a real farm, where every reading
 * also costs its own latest/hourly/daily upsert: expect a much lower ratio there.
 */
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase, type Database } from '../packages/server/src/db/client.js';
import { startIot } from '../packages/server/src/iot/link.js';
import { hashCheckCode } from '../packages/server/src/lib/check-codes.js';
import { Partitions, monthKey } from '../packages/server/src/iot/partitions.js';
import { freshPg } from './fresh-pg.js';
import { device, publishWindowed, WINDOW } from './mqtt-kit.js';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 40);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 750);
const VALUES = Number(process.env.BENCH_VALUES ?? 40);
const LANES = Number(process.env.BENCH_LANES ?? 2);
const BATCH = 5_000;
const STEP_MS = 30_000; // a controller reports every 30 s
const quiet = {
  info: () => undefined,
  warn: (o: object, m?: string) => console.error('warn', m, o),
  error: (o: object, m?: string) => console.error('error', m, o),
};

/** The value keys of a climate controller (CONTRACT §4 kinds). */
const KEYS = [
  ...Array.from({ length: 16 }, (_, i) => `temp.${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `rh.${i + 1}`),
  'co2.1',
  'co2.2',
  'nh3.1',
  'nh3.2',
  'h2s.1',
  'pa.1',
  'pa.2',
  'light.1',
  'wind.1',
  'outTemp.1',
  'water.1',
  'elec.1',
  ...Array.from({ length: 8 }, (_, i) => `fan.${i + 1}`),
  'dayAge.1',
  'targetTemp.1',
  'heater.1',
  'curtain.1',
].slice(0, VALUES);

const t0 = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) + 3_600_000;
const tsOf = (m: number): number => t0 + m * STEP_MS;
const valueOf = (g: number, k: number, m: number): number => Math.round((20 + ((g * 7 + k * 3 + m) % 100) / 10) * 100) / 100;

/** Rounds alternate product and raw runs (the machine is shared), each on its own range of messages. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function payload(g: number, m: number): string {
  const values: Record<string, number> = {};
  for (let k = 0; k < KEYS.length; k++) values[KEYS[k]!] = valueOf(g, k, m);
  return JSON.stringify({ ts: tsOf(m), seq: m, values });
}

async function seedGateways(database: Database, n: number): Promise<string[]> {
  const [t] = await database.query<{ id: number }>(`INSERT INTO tenants (name, modules) VALUES ('Bench', '["pig"]') RETURNING id`);
  const [f] = await database.query<{ id: number }>(
    `INSERT INTO farms (tenant_id, farm_name, type) VALUES ($1, 'Bench Farm', 1) RETURNING id`,
    [t!.id],
  );
  const codes = Array.from({ length: n }, (_, i) => `fs-bench${i}`);
  // Stored as the registry stores check codes: hashed (one hash serves every bench gateway).
  await database.query(
    `INSERT INTO gateways (tenant_id, farm_id, code, name, gateway_type, check_code)
     SELECT $1, $2, c, c, 101, $4 FROM unnest($3::text[]) AS c`,
    [t!.id, f!.id, codes, await hashCheckCode('bench')],
  );
  return codes;
}

/** Publishes every message of every gateway over TCP; resolves when all PUBACKs are in. */
async function publishAll(port: number, codes: string[], first: number, messages: number): Promise<number> {
  const clients = await Promise.all(codes.map((code) => device(port, code, 'bench')));
  const started = performance.now();
  await publishWindowed(clients, codes, first, messages, payload);
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  return elapsed;
}

/** Publishes `messages` per gateway (from message index `first`) through the product; returns seconds. */
async function productRound(database: Database, codes: string[], first: number, messages: number): Promise<number> {
  const config = loadConfig({ DEMO: '0', SIMULATOR: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent' });
  const link = await startIot({ config, database }, quiet, { tcpPort: 0, lanes: database.kind === 'postgres' ? LANES : 1, maxRows: BATCH });
  const seconds = await publishAll(link.port!, codes, first, messages);
  await link.stop();
  return seconds;
}

/** Counts what is stored against what was published: nothing lost, nothing doubled. */
async function verify(database: Database, gateways: number, messagesPerGateway: number): Promise<void> {
  const points = gateways * messagesPerGateway * KEYS.length;
  const [rows] = await database.query<{ n: number; d: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT (gateway_id, key, ts))::int AS d FROM telemetry`,
  );
  const [roll] = await database.query<{ h: number; d: number }>(
    `SELECT (SELECT sum(count) FROM telemetry_hourly)::int AS h, (SELECT sum(count) FROM telemetry_daily)::int AS d`,
  );
  const [latest] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM telemetry_latest`);
  const ok = rows!.n === points && rows!.d === points && roll!.h === points && roll!.d === points && latest!.n === gateways * KEYS.length;
  console.log(
    `  ${database.kind}: ${points} readings published, ${rows!.n} stored (${rows!.d} distinct), rollups count ${roll!.h}/${roll!.d}, latest ${latest!.n}: ${ok ? 'nothing lost, nothing doubled' : 'MISMATCH'}`,
  );
  if (!ok) process.exitCode = 1;
}

/** A table of the history's shape (partitioned by month, primary key, BRIN) for the bare INSERT. */
async function createRawTable(database: Database): Promise<void> {
  await database.query(`CREATE TABLE bench_raw (gateway_id int NOT NULL, key text NOT NULL, ts timestamptz NOT NULL, value float8 NOT NULL,
    PRIMARY KEY (gateway_id, key, ts)) PARTITION BY RANGE (ts)`);
  await database.query(`CREATE TABLE bench_raw_default PARTITION OF bench_raw DEFAULT`);
  const m0 = monthKey(tsOf(0));
  for (const m of [m0, m0 + 1]) {
    const from = new Date(Date.UTC(Math.floor(m / 12), m % 12, 1)).toISOString();
    const to = new Date(Date.UTC(Math.floor((m + 1) / 12), (m + 1) % 12, 1)).toISOString();
    await database.query(`CREATE TABLE bench_raw_${m} PARTITION OF bench_raw FOR VALUES FROM ('${from}') TO ('${to}')`);
  }
  await database.query(`CREATE INDEX ON bench_raw USING brin (ts)`);
}

/** The same rows through a bare unnest INSERT, same batch size and parallelism; returns seconds. */
async function rawRound(database: Database, gateways: number, first: number, messages: number): Promise<number> {
  // Batches as ingest forms them: messages of a lane's gateways, in arrival order.
  const batches: { g: number[]; k: string[]; t: number[]; v: number[] }[][] = Array.from({ length: LANES }, () => []);
  for (let lane = 0; lane < LANES; lane++) {
    let cur = { g: [] as number[], k: [] as string[], t: [] as number[], v: [] as number[] };
    for (let m = first; m < first + messages; m++) {
      for (let g = lane; g < gateways; g += LANES) {
        for (let k = 0; k < KEYS.length; k++) {
          cur.g.push(g + 1);
          cur.k.push(KEYS[k]!);
          cur.t.push(tsOf(m));
          cur.v.push(valueOf(g, k, m));
        }
        if (cur.g.length >= BATCH) {
          batches[lane]!.push(cur);
          cur = { g: [], k: [], t: [], v: [] };
        }
      }
    }
    if (cur.g.length) batches[lane]!.push(cur);
  }
  const sql = `INSERT INTO bench_raw (gateway_id, key, ts, value)
    SELECT g, k, 'epoch'::timestamptz + t * interval '1 millisecond', v FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[]) AS u(g, k, t, v)
    ON CONFLICT DO NOTHING`;
  const started = performance.now();
  await Promise.all(
    batches.map(async (list) => {
      for (const b of list) await database.query(sql, [b.g, b.k, b.t, b.v]);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  console.log(
    `ingest: ${GATEWAYS} gateways x ${MESSAGES} messages x ${KEYS.length} values over MQTT QoS 1 (window ${WINDOW}/gateway, ${LANES} writers, batches of ${BATCH}, ${ROUNDS} alternating rounds)`,
  );

  // PGlite: the embedded store of `npm start` (one connection), a smaller run.
  const lite = await openDatabase({ dataDir: 'memory://' });
  await new Partitions(lite).ensureAhead(tsOf(0));
  const liteCodes = await seedGateways(lite, 10);
  const liteSeconds = await productRound(lite, liteCodes, 0, 200);
  await verify(lite, 10, 200);
  await lite.close();
  console.log(`ingest (PGlite, embedded): ${Math.round((10 * 200 * KEYS.length) / liteSeconds)} points/s`);

  const fresh = await freshPg();
  try {
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 6 });
    try {
      const codes = await seedGateways(database, GATEWAYS);
      await createRawTable(database);
      // Alternate raw and product rounds so that load from elsewhere on the machine hits both alike.
      const per = Math.ceil(MESSAGES / ROUNDS);
      let productSeconds = 0;
      let rawSeconds = 0;
      for (let r = 0; r < ROUNDS; r++) {
        rawSeconds += await rawRound(database, GATEWAYS, r * per, per);
        productSeconds += await productRound(database, codes, r * per, per);
      }
      await verify(database, GATEWAYS, per * ROUNDS);
      const [n] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_raw`);
      const points = GATEWAYS * per * ROUNDS * KEYS.length;
      if (n!.n !== points) throw new Error(`raw insert stored ${n!.n} of ${points}`);
      const product = points / productSeconds;
      const raw = points / rawSeconds;
      console.log(`ingest: ${Math.round(product)} points/s (raw-insert=${Math.round(raw)} points/s, ratio=${(product / raw).toFixed(2)})`);
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
}

await main();
