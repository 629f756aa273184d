import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Page, type SiloDailyRow, type SiloDeliveryRow, type SiloStatusRow, zoneOffsetMs } from '@farmsense/shared';
import { SiloScaleModel } from '../../../../simulator/src/index.js';
import { farms } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { siloWeigher } from './jobs.js';
import { SILO, weighedSilo, weigherFarm } from './silos.fixtures.js';

const MIN = 60_000;
const DAY = 1440 * MIN;

/**
 * The simulator's silo weigher (simulator silo-scales.ts, as the demo runs it live) through the
 * ingest subscriber: three days of its readings of a silo that starts low, a reading a minute
 * in batches as ingest commits them; the platform detects the truck's delivery with its kg, and
 * the silo's status has its forecast.
 */
describe(`simulated silo weigher (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let farm: number;
  let silo: number;
  let gatewayId: number;
  let code: string;
  let tenant: number;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const w = await weigherFarm(ctx, { name: 'Sim Scale', prefix: 'ss', house: 'Finisher' });
    ({ tenant, farm, token, code, gatewayId } = w);
    silo = await weighedSilo(ctx, w, { name: 'Silo A', capacityKg: 12_000, channel: 1 });
  });
  afterAll(async () => ctx?.close());

  it('detects the delivery the simulated weigher reports, with its kg, and forecasts the silo', async () => {
    const { db } = ctx.database;
    const [f] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farm));
    const now = Math.floor(Date.now() / MIN) * MIN;
    const start = now - 3 * DAY;
    const model = new SiloScaleModel({
      code,
      seed: 11,
      utcOffsetMinutes: Math.round(zoneOffsetMs(start, f!.timeZone) / MIN),
      start,
      channels: [{ channel: 1, capacityKg: 12_000, startKg: 3_400, dailyKg: 1_400 }],
    });
    const device = {
      id: gatewayId,
      code,
      tenantId: tenant,
      farmId: farm,
      shedId: null,
      checkCode: '',
      enabled: true,
      timeZone: f!.timeZone,
    };
    let batch: { device: typeof device; ts: number; values: Record<string, number> }[] = [];
    for (let t = start; t < now; t += MIN) {
      batch.push({ device, ts: t, values: model.step(60, t).values });
      if (batch.length === 240 || t + MIN >= now) {
        await siloWeigher.onCommitted({ messages: batch, readings: batch.length }, ctx.deps);
        batch = [];
      }
    }
    // The silo went under a quarter and a truck came: once, some 7-8 t.
    const delivered = model.deliveredOf(1);
    expect(delivered).toBeGreaterThan(12_000 * 0.6 - 1);
    expect(delivered).toBeLessThanOrEqual(12_000 * 0.7);
    const deliveries = await call<Page<SiloDeliveryRow>>(ctx, token, 'GET', `${SILO}/deliveries?farmId=${farm}&siloId=${silo}`);
    expect(deliveries.data.total).toBe(1);
    expect(Math.abs(deliveries.data.list[0]!.kg - delivered)).toBeLessThan(200);
    // Three days drawn, about 1.4 t each.
    const daily = await call<Page<SiloDailyRow>>(ctx, token, 'GET', `${SILO}/daily?farmId=${farm}&siloId=${silo}&pageSize=10`);
    const consumed = daily.data.list.reduce((a, x) => a + x.consumedKg, 0);
    expect(consumed).toBeGreaterThan(1_400 * 3 * 0.85);
    expect(consumed).toBeLessThan(1_400 * 3 * 1.15);
    const status = await call<SiloStatusRow[]>(ctx, token, 'GET', `${SILO}/status?farmId=${farm}`);
    const s = status.data.find((x) => x.id === silo)!;
    expect(Math.abs(s.weightKg! - model.weightOf(1)!)).toBeLessThan(60);
    expect(s.lastDelivery?.kg).toBe(deliveries.data.list[0]!.kg);
    expect(s.forecast).not.toBeNull();
  });
});
