import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import { startIot } from './link.js';
import {
  addGateway,
  BROKER_URL,
  connected,
  deviceClient,
  dropSession,
  newCode,
  quietLog,
  brokerAvailable,
  reachable,
  sleep,
  telemetry,
  waitFor,
} from './testkit.js';

/**
 * Device identity with Mosquitto (issue 16, defects 1 and 7). Mosquitto has no hook to refuse a
 * client id by rule; what it offers is `use_username_as_clientid true`: whatever client id a
 * device sends, its session is named after its username (the device code), so one device's
 * credentials can only ever replace that device's own session. The first test shows Mosquitto's
 * default (any client id goes, and the newer session throws the older one off), the second the
 * setting the README prescribes, on a Mosquitto started here with a password file.
 */
const required = process.env.MQTT_TEST === 'required';

const brokerUp = await brokerAvailable();
const mosquittoBinary = spawnSync('mosquitto', ['-h']).error === undefined;
if (required && !mosquittoBinary) throw new Error('MQTT_TEST=required but no mosquitto binary to start a configured broker');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe.skipIf(!brokerUp)(`Mosquitto by default (${TEST_DB})`, () => {
  it('lets any client id in and drops the older session holding it: the takeover the setting prevents', async () => {
    const id = `fs-victim${randomBytes(3).toString('hex')}`;
    const victim = deviceClient(null, { url: BROKER_URL, clientId: id, username: 'fs-a' });
    await connected(victim);
    const dropped = new Promise<void>((r) => victim.once('close', () => r()));
    const thief = deviceClient(null, { url: BROKER_URL, clientId: id, username: 'fs-b' });
    await connected(thief);
    await dropped;
    expect(victim.connected).toBe(false);
    thief.end(true);
    victim.end(true);
  });

  it('ignores the retained status a broker replays: a gateway sending only telemetry stays online', async () => {
    const ctx: TestContext = await createTestApp({ demo: false });
    const tenantId = await buildTenant(ctx.database.db, 'Retained Tenant');
    const code = newCode('r');
    const id = await addGateway(ctx.database, { tenantId, code });
    const run = randomBytes(4).toString('hex');
    // An old last will left `offline` retained on the broker; the gateway now only sends telemetry.
    const old = deviceClient(null, { url: BROKER_URL, username: code });
    await connected(old);
    await old.publishAsync(`fs/${code}/status`, 'offline', { qos: 1, retain: true });
    await old.endAsync();
    const start = (n: number): ReturnType<typeof startIot> =>
      startIot({ config: { ...ctx.config, mqttUrl: BROKER_URL }, database: ctx.database }, quietLog, {
        shareGroup: `r${run}`,
        clientId: `fs-test-${run}-${n}`,
        statusFlushMs: 100,
        lingerMs: 5,
      });
    let link = await start(1);
    const gw = deviceClient(null, { url: BROKER_URL, username: code });
    await connected(gw);
    const state = async (): Promise<boolean | undefined> =>
      (await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status WHERE gateway_id = $1', [id]))[0]?.online;
    try {
      await gw.publishAsync(`fs/${code}/telemetry`, telemetry(Date.now(), { 'temp.1': 20 }), { qos: 1 });
      await waitFor(async () => (await state()) === true);
      // A restarted platform subscribes again and is handed the retained `offline`.
      await link.stop(0);
      link = await start(2);
      await sleep(1_000);
      expect(await state()).toBe(true);
      const events = await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status_events WHERE gateway_id = $1', [id]);
      expect(events.map((e) => e.online)).toEqual([true]);
    } finally {
      gw.end(true);
      await link.stop(0);
      // Clear the retained message and the sessions this test left on the machine's broker.
      const cleaner = deviceClient(null, { url: BROKER_URL, username: code });
      await connected(cleaner);
      await cleaner.publishAsync(`fs/${code}/status`, '', { qos: 1, retain: true });
      await cleaner.endAsync();
      for (const n of [1, 2]) await dropSession(BROKER_URL, `fs-test-${run}-${n}`).catch(() => undefined);
      await ctx.close();
    }
  }, 120_000);
});

describe.skipIf(!mosquittoBinary)('Mosquitto with use_username_as_clientid (the README setting)', () => {
  let dir: string;
  let proc: ChildProcess;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fs-mosq-'));
    const passwd = path.join(dir, 'passwd');
    writeFileSync(passwd, '');
    for (const code of ['fs-demo01', 'fs-demo03']) {
      const r = spawnSync('mosquitto_passwd', ['-b', passwd, code, 'demo']);
      if (r.status !== 0) throw new Error(`mosquitto_passwd failed: ${r.stderr.toString()}`);
    }
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    const conf = path.join(dir, 'mosquitto.conf');
    writeFileSync(
      conf,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${passwd}`,
        'use_username_as_clientid true',
        'persistence false',
        `user ${userInfo().username}`,
        'log_dest none',
        '',
      ].join('\n'),
    );
    proc = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    await waitFor(() => reachable(url), 5_000, 100);
  });
  afterAll(async () => {
    proc?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps fs-demo03 connected when fs-demo01's credentials come with fs-demo03's client id", async () => {
    const real = deviceClient(null, { url, username: 'fs-demo03', password: 'demo', clientId: 'fs-demo03' });
    await connected(real);
    let closed = false;
    real.on('close', () => (closed = true));
    const thief = deviceClient(null, { url, username: 'fs-demo01', password: 'demo', clientId: 'fs-demo03' });
    await connected(thief);
    await sleep(300);
    expect(closed).toBe(false);
    expect(real.connected).toBe(true);
    await real.publishAsync('fs/fs-demo03/telemetry', telemetry(Date.now(), { 'temp.1': 20 }), { qos: 1 });
    thief.end(true);
    real.end(true);
  });
});
