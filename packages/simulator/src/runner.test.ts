import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShedModel } from './model.js';
import { SimulatorRunner } from './runner.js';
import { testHouse } from './test-house.js';

/**
 * The runner against a real MQTT broker (aedes on a loopback port): authentication with code and
 * check code, retained status with the last will, telemetry at QoS 1, commands and acks.
 */
describe('SimulatorRunner over MQTT', () => {
  let broker: Aedes;
  let server: Server;
  let url: string;
  let watcher: MqttClient;
  const seen: { topic: string; payload: string; retain: boolean }[] = [];

  beforeAll(async () => {
    broker = await Aedes.createBroker({
      authenticate: (_client, username, password, done) => done(null, username === 'fs-run01' && password?.toString() === 'demo'),
    });
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The watcher is an operator: it may connect with any name here because it only listens.
    watcher = await mqtt.connectAsync(url, { username: 'fs-run01', password: 'demo', clientId: 'watcher' });
    watcher.on('message', (topic, payload, packet) => seen.push({ topic, payload: payload.toString(), retain: packet.retain }));
    await watcher.subscribeAsync('fs/#', { qos: 1 });
  });

  afterAll(async () => {
    await watcher?.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function until<T>(find: () => T | undefined, ms = 5000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = find();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('publishes telemetry, obeys a command, and goes offline with its last will', async () => {
    const now = Date.now();
    const model = testHouse({ code: 'fs-run01', seed: 5, midnight: now, dayAge: 20, outside: { temp: 12, rh: 70 }, weatherSeed: 1 });
    model.warmUp(now, 1);
    const runner = new SimulatorRunner({ connection: { url }, gateways: [{ model, password: 'demo' }], intervalS: 0.1 });
    await runner.start();

    await until(() => seen.find((m) => m.topic === 'fs/fs-run01/status' && m.payload === 'online'));
    const first = await until(() => seen.find((m) => m.topic === 'fs/fs-run01/telemetry'));
    const doc = JSON.parse(first.payload) as { ts: number; seq: number; values: Record<string, number> };
    expect(doc.seq).toBe(1);
    expect(Math.abs(doc.ts - Date.now())).toBeLessThan(5000);
    expect(Object.keys(doc.values).sort()).toEqual([...model.keys].sort());

    await watcher.publishAsync('fs/fs-run01/cmd', JSON.stringify({ id: 'k1', op: 'setFan', params: { index: 4, value: 100 } }), { qos: 1 });
    const ack = await until(() => seen.find((m) => m.topic === 'fs/fs-run01/ack'));
    expect(JSON.parse(ack.payload)).toEqual({ id: 'k1', ok: true, msg: 'ok', data: { key: 'fan.4', value: 100, manual: true } });
    await until(() =>
      seen.find(
        (m) => m.topic === 'fs/fs-run01/telemetry' && (JSON.parse(m.payload) as { values: Record<string, number> }).values['fan.4'] === 100,
      ),
    );

    // The link fails: the broker publishes the last will; then the gateway comes back.
    const before = seen.length;
    model.faults.forceOffline(Date.now(), 400);
    await until(() => seen.slice(before).find((m) => m.topic === 'fs/fs-run01/status' && m.payload === 'offline'));
    await until(() => seen.slice(before).find((m) => m.topic === 'fs/fs-run01/status' && m.payload === 'online'));

    await runner.stop();
    const telemetry = seen
      .filter((m) => m.topic === 'fs/fs-run01/telemetry')
      .map((m) => JSON.parse(m.payload) as { ts: number; seq: number });
    // Every reading has its own timestamp and sequence number, in order.
    for (let i = 1; i < telemetry.length; i++) {
      expect(telemetry[i]!.ts).toBeGreaterThan(telemetry[i - 1]!.ts);
      expect(telemetry[i]!.seq).toBeGreaterThan(telemetry[i - 1]!.seq);
    }
    expect(runner.stats.acked).toBe(runner.stats.published);
    expect(runner.stats.failed).toBe(0);
    expect(runner.stats.commands).toBe(1);
    expect(seen.at(-1)).toMatchObject({ topic: 'fs/fs-run01/status', payload: 'offline' });
  });

  it('keeps trying when the broker refuses the check code, without blocking start()', async () => {
    const model = new ShedModel({ code: 'fs-run02', kind: 'layer', seed: 1, placedAt: Date.now() - 100 * 86_400_000, faults: false });
    const runner = new SimulatorRunner({ connection: { url }, gateways: [{ model, password: 'wrong' }], intervalS: 0.1 });
    await runner.start();
    await new Promise((r) => setTimeout(r, 300));
    await runner.stop();
    expect(runner.stats.connects).toBe(0);
    expect(seen.some((m) => m.topic.startsWith('fs/fs-run02/'))).toBe(false);
  });

  it('advances the barn by timeScale seconds per clock second while readings keep the real clock', async () => {
    const now = Date.now();
    const model = testHouse({ code: 'fs-run01', seed: 7, midnight: now, dayAge: 20, outside: { temp: 12, rh: 70 }, weatherSeed: 1 });
    model.warmUp(now, 1);
    const steps: number[] = [];
    const step = model.step.bind(model);
    model.step = (dt, t) => {
      steps.push(dt);
      return step(dt, t);
    };
    const before = seen.length;
    const runner = new SimulatorRunner({ connection: { url }, gateways: [{ model, password: 'demo' }], intervalS: 0.2, timeScale: 60 });
    await runner.start();
    await until(() => (steps.filter((dt) => dt > 0).length >= 4 ? true : undefined));
    await runner.stop();
    // After the first (which covers the moments since the connection), each tick of about 0.2 s
    // moved the house about 12 s (timers run late, never early).
    const ticks = steps.filter((dt) => dt > 0).slice(1);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const dt of ticks) expect(dt).toBeGreaterThanOrEqual(0.2 * 60 * 0.9);
    const sent = seen.slice(before).filter((m) => m.topic === 'fs/fs-run01/telemetry');
    const last = JSON.parse(sent.at(-1)!.payload) as { ts: number };
    expect(Math.abs(last.ts - Date.now())).toBeLessThan(5000);
  });
});
