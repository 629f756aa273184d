import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { type Page, type SiloDailyRow, type SiloDeliveryRow, type SiloStatusRow, roundTo } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, call } from '../../test/factories.js';
import { connected, deviceClient, telemetry, waitFor } from '../../iot/testkit.js';
import { CATCHUP_EVERY_MS, catchUp, enqueueCatchUp } from './jobs.js';
import { SILO, weighedSilo, weigherFarm } from './silos.fixtures.js';

const MIN = 60_000;
const DAY = 1440 * MIN;

/** A seeded noise source, so a failure replays. */
function noise(seed: number, amplitude: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1_103_515_245 + 12_345) % 2_147_483_648;
    return ((a / 2_147_483_648) * 2 - 1) * amplitude;
  };
}

/**
 * Load-cell readings into silo state: through the broker to the subscriber (weight, level, states;
 * other channels and redeliveries change nothing), and from the stored readings by the catch-up
 * job (days of noisy readings with a delivery: the delivery with its kg, consumption per day, the
 * empty-by forecast on the status screen, each weighed once however often the job runs).
 */
describe(`silo weighing (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let farm: number;
  let code: string;
  let gatewayId: number;
  let live: number;
  let stored: number;
  let device: MqttClient;

  const status = async (): Promise<SiloStatusRow[]> =>
    (await call<SiloStatusRow[]>(ctx, token, 'GET', `${SILO}/status?farmId=${farm}`)).data;
  const insertReadings = async (key: string, rows: [number, number][]): Promise<void> => {
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      const values = part.map((_, j) => `($1, $2, $${j * 2 + 3}, $${j * 2 + 4})`).join(', ');
      await ctx.database.query(`INSERT INTO telemetry (gateway_id, key, ts, value) VALUES ${values}`, [
        gatewayId,
        key,
        ...part.flatMap(([ts, v]) => [new Date(ts).toISOString(), v]),
      ]);
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const w = await weigherFarm(ctx, { name: 'Weigh', prefix: 'wg', house: 'Grower' });
    ({ farm, token, code, gatewayId } = w);
    live = await weighedSilo(ctx, w, { name: 'Live silo', capacityKg: 15_000, channel: 1 });
    stored = await weighedSilo(ctx, w, { name: 'Stored silo', capacityKg: 15_000, channel: 2 });
    device = deviceClient(ctx.iot, { username: code, password: 'secret' });
    await connected(device);
  });
  afterAll(async () => {
    await device?.endAsync();
    await ctx?.close();
  });

  it('turns published weights into the silo state; another channel and a redelivery change nothing', async () => {
    const t0 = Date.now() - 30 * MIN;
    const publish = (ts: number, values: Record<string, number>) =>
      device.publishAsync(`fs/${code}/telemetry`, telemetry(ts, values), { qos: 1 });
    for (let i = 0; i < 5; i++) await publish(t0 + i * MIN, { 'weight.1': 1200 + (i % 2) * 8, 'weight.7': 99_999 });
    await publish(t0 + 4 * MIN, { 'weight.1': 50_000 });
    await waitFor(async () => (await status()).find((s) => s.id === live)?.lastTs === t0 + 4 * MIN);
    const s = (await status()).find((x) => x.id === live)!;
    expect([s.weightKg, s.level, s.weightState, s.action, s.fillPct]).toEqual([1200, 'empty', 'stable', 'none', 8]);
    expect(s.forecast).toBeNull();
    // Channel 2's silo saw nothing of channel 1 or 7.
    expect((await status()).find((x) => x.id === stored)!.lastTs).toBeNull();
  });

  it('weighs stored days of noisy readings once: the delivery with its kg, consumption per day, the forecast', async () => {
    const now = Date.now();
    const start = now - 5 * DAY;
    const n = noise(7, 25);
    const rows: [number, number][] = [];
    // 1,500 kg a day drawn evenly; 6 t delivered over 40 minutes two days ago; a reading every 5 minutes.
    const deliveryAt = now - 2 * DAY;
    let w = 9_000;
    for (let t = start; t <= now - MIN; t += 5 * MIN) {
      if (t >= deliveryAt && t < deliveryAt + 40 * MIN) w += 6_000 / 8;
      rows.push([t, roundTo(w + n(), 1)]);
      w -= (1_500 * 5) / 1440;
    }
    // A knock on the silo: one reading 2 t high.
    rows[100]![1] += 2_000;
    await insertReadings('weight.2', rows);

    const { db } = ctx.database;
    await db.transaction((tx) => catchUp(db, tx, now, 6 * DAY));
    await db.transaction((tx) => catchUp(db, tx, now, 6 * DAY));

    const deliveries = await call<Page<SiloDeliveryRow>>(ctx, token, 'GET', `${SILO}/deliveries?farmId=${farm}&siloId=${stored}`);
    expect(deliveries.data.total).toBe(1);
    const d = deliveries.data.list[0]!;
    expect(Math.abs(d.kg - 6_000)).toBeLessThan(150);
    expect(Math.abs(d.startedAt - deliveryAt)).toBeLessThanOrEqual(15 * MIN);

    const daily = await call<Page<SiloDailyRow>>(ctx, token, 'GET', `${SILO}/daily?farmId=${farm}&siloId=${stored}&pageSize=10`);
    const days = daily.data.list;
    expect(days.length).toBeGreaterThanOrEqual(5);
    const total = days.reduce((a, x) => a + x.consumedKg, 0);
    const drawn = (1_500 * (now - MIN - start)) / DAY;
    expect(Math.abs(total - drawn)).toBeLessThan(drawn * 0.03);
    expect(days.reduce((a, x) => a + x.deliveries, 0)).toBe(1);
    // Whole days in between drew about 1,500 kg each (the newest and oldest are partial); a day's
    // sum is off by at most the noise band (75 kg for 15 t) at either end.
    for (const x of days.slice(1, -1)) expect(Math.abs(x.consumedKg - 1_500)).toBeLessThan(160);

    const s = (await status()).find((x) => x.id === stored)!;
    expect(Math.abs(s.weightKg! - w)).toBeLessThan(60);
    expect(s.lastDelivery?.kg).toBe(d.kg);
    expect(s.forecast).not.toBeNull();
    const f = s.forecast!;
    expect(f.soonestDays).toBeLessThanOrEqual(f.latestDays);
    expect(f.soonestDays).toBe(Math.floor(s.weightKg! / f.highRateKg));
    expect(f.highRateKg).toBeGreaterThanOrEqual(1_500 * 1.05);
    expect(f.reorder).toBe(f.soonestDays <= 3);
  });

  it('catches up from stored readings the subscriber missed, through the job chain', async () => {
    const before = (await status()).find((x) => x.id === live)!;
    const t = before.lastTs! + 10 * MIN;
    // 100 kg drawn: more than the noise band (75 kg for 15 t).
    await insertReadings('weight.1', [
      [t, 1100],
      [t + MIN, 1100],
      [t + 2 * MIN, 1100],
      [t + 3 * MIN, 1100],
    ]);
    await enqueueCatchUp(ctx.deps, Math.floor(Date.now() / CATCHUP_EVERY_MS) - 1000);
    expect(await ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const after = (await status()).find((x) => x.id === live)!;
    expect([after.lastTs, after.weightKg]).toEqual([t + 3 * MIN, 1100]);
    const daily = await call<Page<SiloDailyRow>>(ctx, token, 'GET', `${SILO}/daily?farmId=${farm}&siloId=${live}`);
    expect(daily.data.list.reduce((a, x) => a + x.consumedKg, 0)).toBe(100);
  });

  it('keeps the records from the day range asked for and refuses a silo of another farm', async () => {
    const today = await call<Page<SiloDailyRow>>(ctx, token, 'GET', `${SILO}/daily?farmId=${farm}&start=${Date.now() - 3_600_000}`);
    expect(today.data.list.every((x) => x.day >= new Date(Date.now() - DAY).toISOString().slice(0, 10))).toBe(true);
    const { db } = ctx.database;
    const tenant = (await db.select({ t: gateways.tenantId }).from(gateways).where(eq(gateways.id, gatewayId)))[0]!.t;
    const otherFarm = await buildFarm(db, tenant, 'Weigh Farm Two', 1);
    expect((await call(ctx, token, 'GET', `${SILO}/deliveries?farmId=${otherFarm}&siloId=${stored}`)).code).toBe(30001);
  });
});
