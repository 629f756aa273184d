import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import { startIot, type IotLink } from './link.js';
import {
  addGateway,
  BROKER_URL,
  connected,
  deviceClient,
  dropSession,
  newCode,
  quietLog,
  brokerAvailable,
  sleep,
  telemetry,
  waitFor,
} from './testkit.js';

/**
 * Issue 19: an ingest server killed with SIGKILL leaves its persistent session in the shared
 * group, where Mosquitto goes on queueing that server's share of the readings. The other server
 * sees the session's heartbeat go stale, adopts it (iot/adopt.ts) and stores what waited there,
 * so every reading the broker accepted is stored. Two processes share one database: PostgreSQL
 * only (PGlite is one process's store), through the machine's Mosquitto.
 */
const WORKER = fileURLToPath(new URL('./testkit-ingest-worker.ts', import.meta.url));
const brokerUp = await brokerAvailable();

describe.skipIf(!brokerUp || TEST_DB !== 'postgres')(`a killed ingest server's session is adopted (${TEST_DB})`, () => {
  let ctx: TestContext;
  let link: IotLink | null = null;
  let child: ChildProcess | null = null;
  const run = randomBytes(4).toString('hex');
  const shareGroup = `t${run}adopt`;
  const ids = [`fs-test-${run}-adopt-a`, `fs-test-${run}-adopt-b`];

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await link?.stop(0);
    for (const id of ids) await dropSession(BROKER_URL, id).catch(() => undefined);
    await ctx?.close();
  });

  it('stores every reading the broker accepted though one of two servers was killed mid-stream', { timeout: 90_000 }, async () => {
    const tenantId = await buildTenant(ctx.database.db, 'Adopt Tenant');
    const code = newCode('a');
    await addGateway(ctx.database, { tenantId, code });
    let took = 0;
    const proc = spawn(process.execPath, ['--import', 'tsx', WORKER, ctx.databaseUrl!, BROKER_URL, shareGroup, ids[0]!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => {
        const text = d.toString();
        if (text.includes('ready')) resolve();
        for (const m of text.matchAll(/took (\d+)/g)) took = Number(m[1]);
      });
      proc.once('exit', (c) => reject(new Error(`worker exited (${c}) before it was ready`)));
    });
    link = await startIot({ config: { ...ctx.config, mqttUrl: BROKER_URL }, database: ctx.database }, quietLog, {
      shareGroup,
      clientId: ids[1],
      lingerMs: 5,
      statusFlushMs: 200,
      sessionHeartbeatMs: 200,
      sessionStaleMs: 1_500,
    });
    const device = deviceClient(null, { url: BROKER_URL, clientId: `${code}-dev`, username: code });
    await connected(device);
    const total = 600;
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      sent.push(device.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 6) + i * 1_000, { 'temp.1': i }), { qos: 1 }));
      if (i === total / 3) {
        await waitFor(() => took > 0, 10_000);
        proc.kill('SIGKILL');
      }
      await sleep(4);
    }
    await Promise.all(sent);
    device.end(true);
    const stored = async (): Promise<number> =>
      (
        await ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM telemetry t JOIN gateways g ON g.id = t.gateway_id WHERE g.code = $1',
          [code],
        )
      )[0]!.n;
    await waitFor(async () => (await stored()) === total, 30_000);
    // The dead server's row is gone once its session is drained; the live one's stays.
    await waitFor(
      async () => (await ctx.database.query('SELECT 1 FROM ingest_sessions WHERE client_id = $1', [ids[0]])).length === 0,
      10_000,
    );
    expect(await ctx.database.query('SELECT 1 FROM ingest_sessions WHERE client_id = $1', [ids[1]])).toHaveLength(1);
  });
});
