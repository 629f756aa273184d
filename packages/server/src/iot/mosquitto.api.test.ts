import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Packet } from 'mqtt';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import { startIot, type IotLink, type IotOptions } from './link.js';
import {
  addGateway,
  BROKER_URL,
  holdLatestTable,
  brokerAvailable,
  connected,
  deviceClient,
  dropSession,
  flakyDatabase,
  newCode,
  quietLog,
  sleep,
  telemetry,
  terminateBackends,
  waitFor,
} from './testkit.js';

/**
 * The ingest/ack path through the machine's real Mosquitto (MQTT_URL). Mosquitto here allows
 * anonymous clients and cannot check device codes against our registry: in production that is
 * the broker's own job (password file + `pattern readwrite fs/%u/#` ACL). Every test run uses its
 * own shared-subscription group, session ids and device codes, so parallel runs do not meet.
 */
/** Skipped when no broker answers (a fresh machine has none), unless MQTT_TEST=required. */
const brokerUp = await brokerAvailable();

describe.skipIf(!brokerUp)(`device link through Mosquitto (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tenantId: number;
  const run = randomBytes(4).toString('hex');
  const sessions: string[] = [];
  let started = 0;
  const links: IotLink[] = [];
  const clients: ReturnType<typeof deviceClient>[] = [];

  async function start(database = ctx.database, opts: IotOptions = {}): Promise<IotLink> {
    // One group and session per link: a stopped member of a shared group keeps a persistent
    // session that Mosquitto would go on queueing messages for.
    const n = ++started;
    const clientId = opts.clientId ?? `fs-test-${run}-${n}`;
    if (!sessions.includes(clientId)) sessions.push(clientId);
    const link = await startIot({ config: { ...ctx.config, mqttUrl: BROKER_URL }, database }, quietLog, {
      shareGroup: `t${run}g${n}`,
      clientId,
      lingerMs: 5,
      statusFlushMs: 200,
      ...opts,
    });
    links.push(link);
    return link;
  }

  async function device(code: string, extra: Parameters<typeof deviceClient>[1] = {}): Promise<ReturnType<typeof deviceClient>> {
    const c = deviceClient(null, { url: BROKER_URL, clientId: `${code}-dev`, username: code, ...extra });
    clients.push(c);
    await connected(c);
    return c;
  }

  const rows = (code: string): Promise<{ key: string; ts: Date; value: number }[]> =>
    ctx.database.query(
      'SELECT t.key, t.ts, t.value FROM telemetry t JOIN gateways g ON g.id = t.gateway_id WHERE g.code = $1 ORDER BY t.ts, t.key',
      [code],
    );

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    tenantId = await buildTenant(ctx.database.db, 'Mosquitto Tenant');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.end(true);
    for (const l of links.splice(0)) await l.stop(0);
    for (const id of sessions.splice(0)) await dropSession(BROKER_URL, id).catch(() => undefined);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores readings once, counts malformed payloads, keeps unknown keys, and answers commands', async () => {
    const link = await start();
    expect(link.mode).toBe('external');
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const ts = Date.UTC(2026, 3, 1, 12);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 20.5, 'newKind.3': 7 }), { qos: 1 });
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 20.5, 'newKind.3': 7 }), { qos: 1 });
    await c.publishAsync(`fs/${code}/telemetry`, '{"ts": oops', { qos: 1 });
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts + 1_000, { 'temp.1': 21 }), { qos: 1 });
    await waitFor(async () => (await rows(code)).length === 3);
    await waitFor(() => link.ingest.counters.malformed >= 1 && link.ingest.counters.duplicates >= 2);
    expect((await rows(code)).map((r) => `${r.key}=${r.value}`)).toEqual(['newKind.3=7', 'temp.1=20.5', 'temp.1=21']);

    await c.subscribeAsync(`fs/${code}/cmd`, { qos: 1 });
    c.on('message', (_t, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string };
      c.publish(`fs/${code}/ack`, JSON.stringify({ id: cmd.id, ok: true, msg: '', data: {} }), { qos: 1 });
    });
    await expect(link.sendCommand(code, 'light.set', { n: 1, value: 0 }, 5_000)).resolves.toMatchObject({ ok: true });
  });

  it('acknowledges to the broker only after the reading is readable', async () => {
    const link = await start();
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    // Only the PUBACKs of this device's messages (the group also hears other tests' devices).
    const ours = new Set<number>();
    const ingestClient = link.external!.ingestClient;
    ingestClient.on('message', (topic, _payload, packet) => {
      if (topic === `fs/${code}/telemetry` && packet.messageId !== undefined) ours.add(packet.messageId);
    });
    const checks: Promise<number>[] = [];
    const pubackTimes: number[] = [];
    ingestClient.on('packetsend', (p: Packet) => {
      if (p.cmd !== 'puback' || p.messageId === undefined || !ours.has(p.messageId)) return;
      pubackTimes.push(Date.now());
      checks.push(rows(code).then((r) => r.length));
    });
    const { holder, released } = await holdLatestTable(ctx.database, 600);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 2), { 'temp.1': 1 }), { qos: 1 });
    await holder;
    await waitFor(() => checks.length >= 1);
    expect(await Promise.all(checks)).toEqual(checks.map(() => 1));
    expect(pubackTimes[0]).toBeGreaterThanOrEqual(released());
  });

  it('leaves what is not durable unacknowledged: the broker redelivers it to the restarted worker', async () => {
    const flaky = flakyDatabase(ctx.database);
    const clientId = `fs-test-${run}-redeliver`;
    const shareGroup = `t${run}redeliver`;
    const first = await start(flaky, { clientId, shareGroup });
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    await first.devices.get(code); // registry cached before the outage
    flaky.down = true;
    const c = await device(code);
    for (let i = 0; i < 5; i++)
      await c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 3) + i * 1_000, { 'temp.1': i }), { qos: 1 });
    await waitFor(() => first.ingest.counters.messages >= 5 && first.ingest.counters.dbErrors > 0);
    links.splice(links.indexOf(first), 1);
    await first.stop(0); // gives up: nothing was acknowledged
    expect(await rows(code)).toHaveLength(0);

    await start(ctx.database, { clientId, shareGroup });
    await waitFor(async () => (await rows(code)).length === 5, 15_000);
  });

  it('loses no reading the broker accepted through a database restart mid-stream', { timeout: 60_000 }, async () => {
    const flaky = flakyDatabase(ctx.database);
    const link = await start(flaky);
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    // A restart's worth of trouble while the device streams (at least 1.5 s and 200 readings):
    // connections killed (PostgreSQL) or queries failing (PGlite). A kill that lands between
    // batches only drops idle connections, so both go on until an outage has hit a write (20 s at most).
    const chaosUntil = Date.now() + 1_500;
    const deadline = Date.now() + 20_000;
    const hit = (): boolean => link.ingest.counters.dbErrors > 0;
    const chaosLoop = (async () => {
      while (Date.now() < chaosUntil || (!hit() && Date.now() < deadline)) {
        if (TEST_DB === 'postgres') await terminateBackends(ctx.database).catch(() => 0);
        else {
          flaky.down = true;
          await sleep(150);
          flaky.down = false;
        }
        await sleep(100);
      }
    })();
    const sent: Promise<unknown>[] = [];
    let total = 0;
    for (let i = 0; i < 200 || (!hit() && Date.now() < deadline); i++) {
      sent.push(c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 4) + i * 1_000, { 'temp.1': i }), { qos: 1 }));
      total = i + 1;
      await sleep(8);
    }
    await Promise.all(sent);
    await chaosLoop;
    await waitFor(async () => (await rows(code)).length === total, 20_000);
    expect(link.ingest.counters.dbErrors).toBeGreaterThan(0);
  });

  it('loses nothing when one of two servers stops for a scale-down: it leaves the group, then drains', { timeout: 60_000 }, async () => {
    const shareGroup = `t${run}scale`;
    const a = await start(ctx.database, { shareGroup, clientId: `fs-test-${run}-scale-a` });
    const b = await start(ctx.database, { shareGroup, clientId: `fs-test-${run}-scale-b` });
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const total = 400;
    const sent: Promise<unknown>[] = [];
    let stopped: Promise<void> | null = null;
    for (let i = 0; i < total; i++) {
      sent.push(c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 5) + i * 1_000, { 'temp.1': i }), { qos: 1 }));
      if (i === total / 4) {
        // Both took a share before the stop.
        await waitFor(() => a.ingest.counters.messages > 0 && b.ingest.counters.messages > 0, 10_000);
        links.splice(links.indexOf(a), 1);
        stopped = a.stop();
      }
      await sleep(5);
    }
    await Promise.all(sent);
    await stopped;
    // Everything the broker accepted is stored: what came after the stop went to the other server,
    // nothing waits in the stopped server's session.
    await waitFor(async () => (await rows(code)).length === total, 20_000);
    expect(b.ingest.counters.messages).toBeGreaterThan(total / 2);
  });

  it('reads every device on its live connection only while a live stream is open here', { timeout: 30_000 }, async () => {
    const link = await start();
    const code = newCode('m');
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    let heard = 0;
    link.external!.liveClient.on('message', (topic) => {
      if (topic === `fs/${code}/telemetry`) heard++;
    });
    const stored = async (): Promise<number> => (await rows(code)).length;
    const publish = (i: number): Promise<unknown> =>
      c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 3, 7) + i * 1_000, { 'temp.1': i }), { qos: 1 });

    // Nobody watches on this server: ingest stores its share, the live connection hears nothing.
    await publish(0);
    await waitFor(async () => (await stored()) === 1);
    await sleep(200);
    expect(heard).toBe(0);

    // A live stream opens: the readings reach it.
    const seen: number[] = [];
    const unsubscribe = link.hub.subscribe((e) => {
      if (e.type === 'telemetry' && e.data.values['temp.1'] !== undefined) seen.push(e.data.values['temp.1']);
    });
    let i = 1;
    await waitFor(
      async () => {
        await publish(i++);
        return seen.length > 0;
      },
      10_000,
      100,
    );
    expect(heard).toBeGreaterThan(0);

    // The last stream closes: the live connection stops reading telemetry again.
    unsubscribe();
    await sleep(300);
    const before = heard;
    await publish(i++);
    await waitFor(async () => (await stored()) === i);
    await sleep(200);
    expect(heard).toBe(before);
  });

  it('records online and the last will from the status topic', async () => {
    await start();
    const code = newCode('m');
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = await device(code, { will: { topic: `fs/${code}/status`, payload: Buffer.from('offline'), qos: 1, retain: true } });
    await c.publishAsync(`fs/${code}/status`, 'online', { qos: 1, retain: true });
    const state = async (): Promise<boolean | undefined> =>
      (await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status WHERE gateway_id = $1', [id]))[0]?.online;
    await waitFor(async () => (await state()) === true);
    c.stream.destroy();
    await waitFor(async () => (await state()) === false);
    // Clear the retained status so the broker does not keep it after the test.
    const cleaner = await device(`${code}x`.slice(0, 19));
    await cleaner.publishAsync(`fs/${code}/status`, '', { qos: 1, retain: true });
  });
});
