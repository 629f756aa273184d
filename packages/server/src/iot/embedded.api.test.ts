import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import type { IotLink } from './link.js';
import { readIngestStats, StatsWriter } from './stats.js';
import { addGateway, connected, deviceClient, holdLatestTable, newCode, RawDevice, sleep, telemetry, waitFor } from './testkit.js';

/**
 * The embedded broker end to end: CONNECT authentication, topic confinement, acknowledge after
 * commit, idempotent storage of redeliveries, malformed payloads, rollups and latest values.
 */
describe(`device link on the embedded broker (${TEST_DB})`, () => {
  let ctx: TestContext;
  let link: IotLink;
  let tenantId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: 0, heartbeatTimeoutMs: 1_500, statusFlushMs: 200 } });
    tenantId = await buildTenant(ctx.database.db, 'IoT Tenant');
    link = ctx.iot;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const rows = (code: string): Promise<{ key: string; ts: Date; value: number }[]> =>
    ctx.database.query(
      'SELECT t.key, t.ts, t.value FROM telemetry t JOIN gateways g ON g.id = t.gateway_id WHERE g.code = $1 ORDER BY t.ts, t.key',
      [code],
    );

  async function device(code: string, checkCode = 'secret'): Promise<ReturnType<typeof deviceClient>> {
    const c = deviceClient(link, { username: code, password: checkCode, clientId: `${code}-c` });
    await connected(c);
    return c;
  }

  it('refuses unknown devices, wrong check codes (4) and disabled gateways (5) at CONNECT', async () => {
    const good = newCode();
    const off = newCode();
    await addGateway(ctx.database, { tenantId, code: good });
    await addGateway(ctx.database, { tenantId, code: off, enabled: false });
    const cases: [string, string, number][] = [
      [newCode(), 'secret', 4],
      [good, 'wrong', 4],
      [off, 'secret', 5],
      ['not-a-code', 'x', 4],
    ];
    for (const [code, pw, rc] of cases) {
      const c = deviceClient(link, { username: code, password: pw });
      await expect(connected(c)).rejects.toMatchObject({ code: rc });
      c.end(true);
    }
    const ok = await device(good);
    ok.end(true);
  });

  it("refuses a publish under another device's topic (connection dropped, nothing stored) and foreign subscriptions", async () => {
    const a = newCode();
    const b = newCode();
    await addGateway(ctx.database, { tenantId, code: a });
    await addGateway(ctx.database, { tenantId, code: b });
    const c = await device(a);
    // SUBACK 0x80 for a foreign or wildcard device segment; its own topics are granted.
    await expect(c.subscribeAsync(`fs/${b}/cmd`, { qos: 1 })).rejects.toThrow();
    await expect(c.subscribeAsync('fs/+/cmd', { qos: 1 })).rejects.toThrow();
    expect((await c.subscribeAsync(`fs/${a}/cmd`, { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(`fs/${b}/telemetry`, telemetry(Date.now(), { 'temp.1': 20 }), { qos: 1 });
    await closed;
    c.end(true);
    await sleep(100);
    expect(await rows(b)).toHaveLength(0);
    expect(await rows(a)).toHaveLength(0);
  });

  it('stores a redelivered reading once (same ts twice, and a QoS 1 resend with the dup flag)', async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const ts = Date.UTC(2026, 0, 5, 10, 0, 0);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 21.5 }), { qos: 1 });
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 21.5 }), { qos: 1 });
    c.end(true);

    const raw = new RawDevice(link.connectInProcess());
    expect(await raw.connect(code, 'secret')).toBe(0);
    const payload = telemetry(ts + 60_000, { 'temp.1': 22 });
    raw.publish(`fs/${code}/telemetry`, payload, 42, false);
    raw.publish(`fs/${code}/telemetry`, payload, 42, true);
    await waitFor(() => raw.pubacks(42) === 2);
    raw.close();

    expect((await rows(code)).map((r) => r.value)).toEqual([21.5, 22]);
    const [hour] = await ctx.database.query<{ count: number; sum: number }>(
      'SELECT count, sum FROM telemetry_hourly WHERE gateway_id = $1 AND key = $2',
      [id, 'temp.1'],
    );
    expect(hour).toEqual({ count: 2, sum: 43.5 });
    const [day] = await ctx.database.query<{ count: number }>('SELECT count FROM telemetry_daily WHERE gateway_id = $1', [id]);
    expect(day!.count).toBe(2);
  });

  it('counts malformed payloads, drops bad values, keeps unknown keys and goes on', async () => {
    const code = newCode();
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const before = link.ingest.counters.snapshot();
    const ts = Date.UTC(2026, 0, 6, 8, 0, 0);
    for (const bad of [
      '{not json',
      '[]',
      JSON.stringify({ ts: 'x', values: {} }),
      JSON.stringify({ ts: 1_000, values: { 'temp.1': 1 } }),
      JSON.stringify({ ts, values: [1] }),
    ]) {
      await c.publishAsync(`fs/${code}/telemetry`, bad, { qos: 1 });
    }
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 19.5, 'foo.7': 3, vendorX: 1, 'rh.1': 'wet', 'co2.1': null }), {
      qos: 1,
    });
    c.end(true);
    const after = link.ingest.counters.snapshot();
    expect(after.malformed - before.malformed).toBe(5);
    expect(after.badValues - before.badValues).toBe(2);
    expect((await rows(code)).map((r) => r.key).sort()).toEqual(['foo.7', 'temp.1', 'vendorX']);
  });

  it('sends the PUBACK only after the reading is readable in the database', async () => {
    const code = newCode();
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    // Hold the latest-value table: the batch statement cannot commit until this transaction ends.
    const { holder, released } = await holdLatestTable(ctx.database, 700);
    const ts = Date.UTC(2026, 0, 7, 9, 0, 0);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': 18 }), { qos: 1 });
    const acked = Date.now();
    const seen = await rows(code);
    await holder;
    c.end(true);
    expect(released()).toBeGreaterThan(0);
    expect(acked).toBeGreaterThanOrEqual(released());
    expect(seen).toHaveLength(1);
  });

  it('sees when it falls behind: readings waiting to be stored, and how long they waited, in ingestStats', async () => {
    const code = newCode();
    await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const { holder } = await holdLatestTable(ctx.database, 700);
    const sent = c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.UTC(2026, 0, 8, 9), { 'temp.1': 18 }), { qos: 1 });
    await waitFor(() => link.ingest.pending() === 1);
    await sent;
    await holder;
    c.end(true);
    expect(link.ingest.pending()).toBe(0);
    expect(link.ingest.counters.lagMs).toBeGreaterThanOrEqual(500);
    // The stats flush reports the gauges, then starts the lag period again.
    const writer = new StatsWriter(ctx.database, link.ingest.counters, `lag-test-${code}`, () => 4);
    await writer.flush();
    expect(link.ingest.counters.lagMs).toBe(0);
    const stats = await readIngestStats(ctx.database);
    expect(stats.lagMs).toBeGreaterThanOrEqual(500);
    expect(stats.nodes.find((n) => n.node === `lag-test-${code}`)).toMatchObject({ active: true, pending: 4 });
    expect(stats.pending).toBeGreaterThanOrEqual(4);
  });

  it('keeps rollups exact (min, max, avg, count) and moves latest only forward', async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = await device(code);
    const h0 = Date.UTC(2026, 1, 1, 0, 0, 0);
    // Two hours of readings 1..60 and 61..120, one a minute, published newest first.
    const series = Array.from({ length: 120 }, (_, i) => ({ ts: h0 + i * 60_000, v: i + 1 }));
    for (const p of [...series].reverse()) await c.publishAsync(`fs/${code}/telemetry`, telemetry(p.ts, { 'temp.1': p.v }), { qos: 1 });
    c.end(true);
    const hours = await ctx.database.query<{ bucket: Date; min: number; max: number; sum: number; count: number }>(
      'SELECT bucket, min, max, sum, count FROM telemetry_hourly WHERE gateway_id = $1 ORDER BY bucket',
      [id],
    );
    expect(hours.map((h) => [new Date(h.bucket).getTime(), h.min, h.max, h.sum / h.count, h.count])).toEqual([
      [h0, 1, 60, 30.5, 60],
      [h0 + 3_600_000, 61, 120, 90.5, 60],
    ]);
    const [latest] = await ctx.database.query<{ ts: Date; value: number }>('SELECT ts, value FROM telemetry_latest WHERE gateway_id = $1', [
      id,
    ]);
    expect(new Date(latest!.ts).getTime()).toBe(h0 + 119 * 60_000);
    expect(latest!.value).toBe(120);
  });

  it('records online, the last will (offline) and the heartbeat timeout', async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const will = { topic: `fs/${code}/status`, payload: Buffer.from('offline'), qos: 1 as const, retain: true };
    const c = deviceClient(link, { username: code, password: 'secret', will });
    await connected(c);
    await c.publishAsync(`fs/${code}/status`, 'online', { qos: 1, retain: true });
    const state = async (): Promise<boolean | undefined> =>
      (await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status WHERE gateway_id = $1', [id]))[0]?.online;
    expect(await state()).toBe(true);
    c.stream.destroy(); // vanished without DISCONNECT: the broker publishes the will
    await waitFor(async () => (await state()) === false);
    c.end(true);

    // Back again with telemetry only, then silent: the heartbeat sweep marks it offline.
    const again = deviceClient(link, { username: code, password: 'secret' });
    await connected(again);
    await again.publishAsync(`fs/${code}/telemetry`, telemetry(Date.now(), { 'temp.1': 20 }), { qos: 1 });
    await waitFor(async () => (await state()) === true, 5_000);
    await waitFor(async () => (await state()) === false, 8_000);
    again.end(true);
    const events = await ctx.database.query<{ online: boolean }>(
      'SELECT online FROM gateway_status_events WHERE gateway_id = $1 ORDER BY at, id',
      [id],
    );
    expect(events.map((e) => e.online)).toEqual([true, false, true, false]);
  });

  it('accepts devices on its TCP port and round-trips a command with its ack', async () => {
    const code = newCode();
    await addGateway(ctx.database, { tenantId, code });
    expect(link.port).toBeGreaterThan(0);
    const c = deviceClient(null, { url: `mqtt://127.0.0.1:${link.port}`, username: code, password: 'secret' });
    await connected(c);
    await c.subscribeAsync(`fs/${code}/cmd`, { qos: 1 });
    c.on('message', (_t, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string; op: string };
      c.publish(`fs/${code}/ack`, JSON.stringify({ id: cmd.id, ok: true, msg: 'done', data: { op: cmd.op } }), { qos: 1 });
    });
    const ack = await link.sendCommand(code, 'fan.set', { n: 1, value: 100 }, 5_000);
    expect(ack).toMatchObject({ ok: true, msg: 'done', data: { op: 'fan.set' } });
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.now(), { 'fan.1': 100 }), { qos: 1 });
    expect(await rows(code)).toHaveLength(1);
    c.end(true);
    await expect(link.sendCommand(code, 'fan.set', {}, 300)).rejects.toMatchObject({ code: 203342 });
  });
});
