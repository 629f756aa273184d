/**
 * Scale-out benchmark (issue 19 "a second server shares the work without losing a reading"): two
 * servers, each its own process, on one fresh PostgreSQL database and a Mosquitto of this run's
 * own, configured with deploy/mosquitto.conf's settings (persistence, max_queued_messages,
 * max_inflight_messages, persistent_client_expiration), a password file of the devices and the
 * platform, and deploy/mosquitto.acl. Devices publish at QoS 1; what the broker acknowledged to
 * them is compared with the rows in the database. Cases, one after another:
 *   - kill -9 of one server mid-stream (the other adopts its broker session once its heartbeat
 *     is a minute old, iot/adopt.ts);
 *   - restart of a killed server (killed mid-stream, started again 3 s later on the same port:
 *     the same session id);
 *   - SIGTERM of one server mid-stream (scale-down: it leaves the group and drains);
 *   - a fleet flushing after an outage: every device sends its share of 20,000 messages of 40
 *     values as fast as the broker takes them, two servers ingesting.
 * For each: sent, acknowledged, stored, lost and doubled (rows per gateway and ts beyond the
 * message's values, and hourly-rollup counts beyond the rows). Then the CPU seconds of each
 * server for the same burst with one server and with two.
 *
 * Run: npm run bench -- scaleout [--devices=200] [--stream=5000] [--rate=500] [--flush=20000]
 *      [--values=40]   (env: BENCH_SCALEOUT_*; BENCH_PG_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../packages/server/src/db/client.js';
import { gateways } from '../packages/server/src/db/tables.js';
import { hashCheckCode } from '../packages/server/src/lib/check-codes.js';
import { buildFarm, buildTenant } from '../packages/server/src/test/factories.js';
import { freshPg } from './fresh-pg.js';
import { flag, procUsage, sleep } from './load-kit.js';
import { Devices, settle, startMosquitto, type Count, type Sent } from './scaleout-kit.js';
import { freePort, startServer, type BenchServer } from './serve.js';

const DEVICES = Number(flag('devices', 'BENCH_SCALEOUT_DEVICES', '200'));
const STREAM = Number(flag('stream', 'BENCH_SCALEOUT_STREAM', '5000'));
const RATE = Number(flag('rate', 'BENCH_SCALEOUT_RATE', '500'));
const FLUSH = Number(flag('flush', 'BENCH_SCALEOUT_FLUSH', '20000'));
const VALUES = Number(flag('values', 'BENCH_SCALEOUT_VALUES', '40'));
const STREAM_VALUES = 24;
const CHECK_CODE = 'scaleout-bench';
const PLATFORM = 'farmsense';
const PLATFORM_PASSWORD = 'scaleout-platform';
/** Adoption needs the dead session's heartbeat 60 s old, found at the next 10 s tick, then its drain. */
const ADOPT_WAIT_MS = 150_000;

interface Result extends Count {
  name: string;
  sent: Sent;
  seconds: number;
}

async function register(database: Database): Promise<{ codes: string[]; ids: number[] }> {
  const tenant = await buildTenant(database.db, 'Scale-out Bench', ['pig']);
  const farmId = await buildFarm(database.db, tenant, 'Scale-out Bench Farm', 1);
  const checkCode = await hashCheckCode(CHECK_CODE);
  const codes = Array.from({ length: DEVICES }, (_, i) => `fs-so${String(i).padStart(5, '0')}`);
  const rows = await database.db
    .insert(gateways)
    .values(codes.map((code) => ({ tenantId: tenant, farmId, code, name: code, gatewayType: 101, checkCode })))
    .returning({ id: gateways.id });
  return { codes, ids: rows.map((r) => r.id) };
}

function line(r: Result): string {
  return `| ${r.name} | ${r.sent.published} | ${r.sent.acked} | ${r.stored} | ${r.lost} | ${r.doubled} | ${r.seconds.toFixed(1)} s |`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-scaleout-'));
  const fresh = await freshPg();
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  const servers: (BenchServer | null)[] = [null, null];
  let broker: Awaited<ReturnType<typeof startMosquitto>> | null = null;
  let devices: Devices | null = null;
  try {
    // The first server makes the schema; then the devices can be registered.
    const ports = [await freePort(), await freePort()];
    const fleetCodes = Array.from({ length: DEVICES }, (_, i) => `fs-so${String(i).padStart(5, '0')}`);
    broker = await startMosquitto(
      dir,
      [[PLATFORM, PLATFORM_PASSWORD], ...fleetCodes.map((c): [string, string] => [c, CHECK_CODE])],
      PLATFORM,
    );
    console.log(`scaleout: Mosquitto on port ${broker.port} with ${broker.settings.join(', ')} (deploy/mosquitto.conf)`);
    const env = {
      DATABASE_URL: fresh.url,
      DEMO: '0',
      MQTT_PORT: '0',
      MQTT_URL: `mqtt://${PLATFORM}:${PLATFORM_PASSWORD}@127.0.0.1:${broker.port}`,
    };
    const start = async (i: number): Promise<BenchServer> => (servers[i] = await startServer(env, ports[i]));
    await start(0);
    await start(1);
    const { codes, ids } = await register(database);
    devices = new Devices(`mqtt://127.0.0.1:${broker.port}`, codes, CHECK_CODE);
    await devices.connect();
    const perDevice = Math.max(1, Math.round(STREAM / DEVICES));
    const half = (perDevice * DEVICES) / 2;
    console.log(
      `scaleout: 2 servers on PostgreSQL, ${DEVICES} devices; streams of ${perDevice * DEVICES} messages x ${STREAM_VALUES} values at ${RATE} msg/s, flush ${FLUSH} x ${VALUES}`,
    );
    const results: Result[] = [];
    const run = async (name: string, perDev: number, values: number, rate: number | undefined, mid: () => void, waitMs: number) => {
      let fired = false;
      const t0 = performance.now();
      const sent = await devices!.send(perDev, values, rate, (n) => {
        if (!fired && n >= half) {
          fired = true;
          mid();
        }
      });
      const c = await settle(database, ids, sent, waitMs);
      const r = { name, sent, ...c, seconds: (performance.now() - t0) / 1000 };
      results.push(r);
      console.log(`scaleout: ${line(r)}`);
      return r;
    };

    // kill -9 of one server mid-stream: the other adopts its session.
    await run('kill -9 of one server mid-stream', perDevice, STREAM_VALUES, RATE, () => servers[0]!.child.kill('SIGKILL'), ADOPT_WAIT_MS);
    await start(0);
    // Restart of a killed server: killed mid-stream, back 3 s later with the same session id.
    let back: Promise<unknown> = Promise.resolve();
    await run(
      'kill -9, restarted 3 s later',
      perDevice,
      STREAM_VALUES,
      RATE,
      () => {
        servers[0]!.child.kill('SIGKILL');
        back = sleep(3000).then(() => start(0));
      },
      ADOPT_WAIT_MS,
    );
    await back;
    // Scale-down: SIGTERM mid-stream.
    let down: Promise<void> = Promise.resolve();
    await run('SIGTERM of one server mid-stream', perDevice, STREAM_VALUES, RATE, () => (down = servers[0]!.stop()), ADOPT_WAIT_MS);
    await down;
    await start(0);
    // A fleet flushing after an outage, two servers.
    const flushPer = Math.max(1, Math.round(FLUSH / DEVICES));
    const burst = `${flushPer * DEVICES} x ${VALUES}`;
    await run(`flush ${burst}, two servers`, flushPer, VALUES, undefined, () => undefined, ADOPT_WAIT_MS);
    // CPU of each server for the same burst again (both warm now), then with one server.
    const cpuOf = (s: BenchServer | null | undefined): number => (s && s.child.exitCode === null ? procUsage(s.child.pid!).cpuS : 0);
    let cpu0 = servers.map(cpuOf);
    await run(`burst ${burst}, two servers (CPU)`, flushPer, VALUES, undefined, () => undefined, ADOPT_WAIT_MS);
    const twoCpu = servers.map((s, i) => cpuOf(s) - cpu0[i]!);
    await servers[1]!.stop();
    cpu0 = servers.map(cpuOf);
    await run(`burst ${burst}, one server (CPU)`, flushPer, VALUES, undefined, () => undefined, ADOPT_WAIT_MS);
    const oneCpu = cpuOf(servers[0]) - cpu0[0]!;

    console.log('\n| case | sent | acknowledged | stored | lost | doubled | from the first message until all stored |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) console.log(line(r));
    const share = Math.max(...twoCpu) / oneCpu;
    console.log(
      `\nCPU for one burst of ${burst}: one server ${oneCpu.toFixed(1)} s; two servers ${twoCpu.map((c) => c.toFixed(1)).join(' s and ')} s (the busier ${(share * 100).toFixed(0)} % of one alone; target <= 60 %)`,
    );
    const misses: string[] = [];
    for (const r of results) {
      if (r.lost) misses.push(`${r.name}: ${r.lost} lost`);
      if (r.doubled) misses.push(`${r.name}: ${r.doubled} doubled`);
    }
    if (!(share <= 0.6)) misses.push(`two servers' busier one spent ${(share * 100).toFixed(0)} % of one server's CPU (> 60 %)`);
    if (misses.length) {
      console.error(`scaleout: target missed: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
    const lost = results.reduce((n, r) => n + r.lost, 0);
    const acked = results.reduce((n, r) => n + r.sent.acked, 0);
    console.log(`scaleout: ${lost} messages lost (acknowledged=${acked} messages, ratio=${(lost / Math.max(1, acked)).toFixed(4)})`);
  } finally {
    await devices?.close();
    for (const s of servers) await s?.stop();
    await broker?.stop();
    await database.close();
    await fresh.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
