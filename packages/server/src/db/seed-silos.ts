import { DAY_MS, roundTo, dayRange, farmDay, zoneOffsetMs } from '@farmsense/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import { Partitions } from '../iot/partitions.js';
import { emptyBatch, monthsOf, storeBatch } from '../iot/store.js';
import { hashCheckCode } from '../lib/check-codes.js';
import { catchUp } from '../modules/silos/index.js';
import type { Database, Db } from './client.js';
import { DEMO_CHECK_CODE, DEMO_FEEDER_HOUSE, DEMO_SEED, DEMO_TENANT } from './demo-codes.js';
import { demoTenantId } from './demo-tenant.js';
import { demoConcentrators } from './demo-feeders.js';
import { DEMO_FEEDER_GATEWAY } from './seed-feed-devices.js';
import { FEEDER_HISTORY_DAYS } from './seed-feeder-history.js';
import { farms, gateways, sheds, siloSheds, silos, tenants } from './tables.js';

/**
 * Demo silos (issue 15): per demo farm one weigher (gateway type 100, category 202, code
 * `fs-demoscale<n>`, so the climate fleet of demo-fleet.ts leaves it alone) and two silos on its
 * channels 1 and 2, each feeding half the farm's houses. Their history is not invented figures:
 * `seedSiloHistory` stores 30 days of load-cell readings (noise, the feed line drawing more by
 * day than by night and a little more each day as the animals grow, a knock on the silo now and
 * then, a delivery whenever a silo falls under a quarter at a working hour) and runs the module's
 * own weighing over them, so every delivery, day and forecast on the screens comes from readings.
 * The sow farm's feeder house (DEMO_FEEDER_HOUSE) has a smaller silo of its own, the farm's
 * last: its draw is what the demo feeders dispense (the simulator's concentrator model, the same
 * seed and rations as their history, seed-feeder-history.ts) plus a little spill, so the feed
 * reconciliation of that house is metered and shows real figures; the other houses share A and B.
 */
export const SILO_HISTORY_DAYS = 30;
const DAYS = SILO_HISTORY_DAYS;
const STEP_MS = 10 * 60_000;

/** Capacity and daily draw at the start of the history, per farm type (1 pig, 2 poultry). */
export const SILO_MODEL: Record<number, { capacityKg: number; dailyKg: number }> = {
  1: { capacityKg: 12_000, dailyKg: 1_400 },
  2: { capacityKg: 15_000, dailyKg: 1_900 },
};

/** The feeder house's own silo: some 150 kg of sow feed a day. */
export const FEEDER_SILO = { capacityKg: 3_000, dailyKg: 150 };
/** Feed that leaves the silo beside what the feeders report (dust, spill), well inside the reconciliation's 5 %. */
export const SPILL = 1.015;

/** The weighers and silos of the demo farms; false when the tenant is missing or has them already. */
async function seedSilos(db: Db): Promise<boolean> {
  const tenantId = await demoTenantId(db);
  if (tenantId === null) return false;
  const [seeded] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), like(gateways.code, 'fs-demoscale%')))
    .limit(1);
  if (seeded) return false;
  const farmRows = await db.select().from(farms).where(eq(farms.tenantId, tenantId)).orderBy(asc(farms.id));
  const checkCode = await hashCheckCode(DEMO_CHECK_CODE);
  for (const [i, farm] of farmRows.entries()) {
    const model = SILO_MODEL[farm.type];
    if (!model) continue;
    const all = await db.select({ id: sheds.id, name: sheds.shedName }).from(sheds).where(eq(sheds.farmId, farm.id)).orderBy(asc(sheds.id));
    if (all.length === 0) continue;
    const own = farm.type === 1 ? all.filter((h) => h.name === DEMO_FEEDER_HOUSE) : [];
    const houses = all.filter((h) => !own.includes(h));
    const [scale] = await db
      .insert(gateways)
      .values({
        tenantId,
        farmId: farm.id,
        code: `fs-demoscale${i + 1}`,
        name: 'Feed tower scales',
        gatewayType: 100,
        deviceCategory: 202,
        model: 'FS-WEIGH-4',
        serialNo: `SN-SCALE-${String(i + 1).padStart(4, '0')}`,
        checkCode,
      })
      .returning({ id: gateways.id });
    const half = Math.ceil(houses.length / 2);
    const groups = [houses.slice(0, half), houses.slice(half), own].filter((g) => g.length > 0);
    for (const [n, group] of groups.entries()) {
      const [silo] = await db
        .insert(silos)
        .values({
          tenantId,
          farmId: farm.id,
          name: `Silo ${String.fromCharCode(65 + n)}`,
          capacityKg: group === own ? FEEDER_SILO.capacityKg : model.capacityKg,
          leadDays: 3,
          gatewayId: scale!.id,
          channel: n + 1,
        })
        .returning({ id: silos.id });
      await db.insert(siloSheds).values(group.map((h) => ({ siloId: silo!.id, shedId: h.id })));
    }
  }
  return true;
}

/** A silo's draw a day at the start of the history: the model's, a little different per silo. */
export const siloDailyKg = (modelDailyKg: number, siloId: number): number => modelDailyKg * (0.9 + (siloId % 3) * 0.1);

/** A seeded uniform source in [0, 1), so the demo is the same on every first start. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SiloSeries {
  gatewayId: number;
  key: string;
  capacityKg: number;
  dailyKg: number;
  timeZone: string;
  /** kg drawn in the step ending at t, when the draw is known (the feeder house's feeders); else the model's. */
  draw?: (t: number) => number;
}

/** The silo's true weight and its readings over the history, every STEP_MS up to `end`. */
function readings(s: SiloSeries, start: number, end: number, seed: number): [number, number][] {
  const rnd = random(seed);
  const out: [number, number][] = [];
  let w = s.capacityKg * (0.45 + rnd() * 0.3);
  let filling = 0;
  for (let t = start; t <= end; t += STEP_MS) {
    const localHour = new Date(t + zoneOffsetMs(t, s.timeZone)).getUTCHours();
    // Two thirds of the day's feed goes between 6 and 20 o'clock; the animals eat 1 % more each day.
    const growth = 1 + ((t - start) / DAY_MS) * 0.01;
    const share = localHour >= 6 && localHour < 20 ? 2 / 3 / 14 : 1 / 3 / 10;
    w -= s.draw ? s.draw(t) : ((s.dailyKg * growth * share) / 60) * (STEP_MS / 60_000) * (0.8 + rnd() * 0.4);
    if (filling === 0 && w < s.capacityKg * 0.25 && localHour >= 9 && localHour < 16)
      filling = Math.round(s.capacityKg * (0.6 + rnd() * 0.1));
    if (filling > 0) {
      // A truck blows some 200 kg a minute into the silo.
      const now = Math.min(filling, 2_000);
      w += now;
      filling -= now;
    }
    w = Math.max(0, w);
    // A small silo's cells are knocked in proportion; the feeder house's silo hangs on newer cells
    // (less noise, no knocks), so a day of some 100 kg is weighed to within a few kg.
    const knock = !s.draw && rnd() < 0.002 ? (800 + rnd() * 1_500) * (s.capacityKg / 12_000) : 0;
    const noise = (rnd() - 0.5) * s.capacityKg * (s.draw ? 0.0002 : 0.004);
    out.push([t, roundTo(w + noise + knock, 1)]);
  }
  return out;
}

/**
 * With DEMO=1 at start (services.ts), once: the demo weighers and silos, their readings of the
 * last DAYS days, weighed. Not in seedDemo, so the API tests' demo tenant keeps its six gateways.
 * Returns how many readings were stored (0 when the demo has its silos already).
 */
export async function seedDemoSilos(database: Database, now = Date.now()): Promise<number> {
  const db = database.db;
  if (!(await seedSilos(db))) return 0;
  const rows = await db
    .select({
      id: silos.id,
      gatewayId: silos.gatewayId,
      channel: silos.channel,
      capacityKg: silos.capacityKg,
      farmType: farms.type,
      timeZone: farms.timeZone,
    })
    .from(silos)
    .innerJoin(farms, eq(farms.id, silos.farmId))
    .innerJoin(gateways, eq(gateways.id, silos.gatewayId))
    .innerJoin(tenants, and(eq(tenants.id, silos.tenantId), eq(tenants.name, DEMO_TENANT)))
    .where(like(gateways.code, 'fs-demoscale%'))
    .orderBy(asc(silos.id));
  if (rows.length === 0) return 0;

  const end = Math.floor(now / STEP_MS) * STEP_MS;
  const start = end - DAYS * DAY_MS;
  const partitions = new Partitions(database);
  await partitions.refresh();
  let stored = 0;
  const feederSilo = await feederSiloOf(db);
  const draw = feederSilo ? await feederDraw(database, now) : null;
  for (const r of rows) {
    const model = r.id === feederSilo ? FEEDER_SILO : SILO_MODEL[r.farmType]!;
    const series = readings(
      {
        gatewayId: r.gatewayId!,
        key: `weight.${r.channel}`,
        capacityKg: r.capacityKg,
        dailyKg: siloDailyKg(model.dailyKg, r.id),
        timeZone: r.timeZone,
        ...(r.id === feederSilo && draw ? { draw } : {}),
      },
      // The feeder house's silo is weighed from the first day its feeders have a history (from
      // just before that local midnight, so no day is weighed without their figures).
      r.id === feederSilo && draw
        ? dayRange(farmDay(new Date(end - FEEDER_HISTORY_DAYS * DAY_MS), r.timeZone), r.timeZone).start.getTime() - STEP_MS
        : start,
      end,
      20_260_101 + r.id,
    );
    const batch = emptyBatch();
    batch.zones.set(r.gatewayId!, r.timeZone);
    for (const [ts, value] of series) {
      batch.gatewayIds.push(r.gatewayId!);
      batch.keys.push(`weight.${r.channel}`);
      batch.ts.push(ts);
      batch.values.push(value);
    }
    await partitions.ensure(monthsOf(batch.ts));
    stored += await storeBatch(database, batch);
  }
  await db.transaction((tx) => catchUp(db, tx, now, (DAYS + 1) * DAY_MS));
  return stored;
}

/** The demo feeder house's own silo, if the demo has one. */
export async function feederSiloOf(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: silos.id })
    .from(silos)
    .innerJoin(siloSheds, eq(siloSheds.siloId, silos.id))
    .innerJoin(sheds, eq(sheds.id, siloSheds.shedId))
    .innerJoin(tenants, and(eq(tenants.id, silos.tenantId), eq(tenants.name, DEMO_TENANT)))
    .where(eq(sheds.shedName, DEMO_FEEDER_HOUSE))
    .limit(1);
  return row?.id ?? null;
}

/**
 * kg the feed line draws from the feeder house's silo in the step ending at t: the feed line
 * refills the crates' hoppers with what a meal took once the meal is over (the first step in which
 * the feeders dispense nothing), with the spill. The feeders' `feederFeed.n` are g since local
 * midnight. Called for t in increasing steps (it keeps what the running meal took). Null when the
 * demo has no feeders (then the silo draws like the others).
 */
async function feederDraw(database: Database, now: number): Promise<((t: number) => number) | null> {
  const model = (await demoConcentrators(database, DEMO_SEED, now)).find((m) => m.code === DEMO_FEEDER_GATEWAY);
  if (!model) return null;
  const grams = (t: number): number => {
    let sum = 0;
    for (const [key, v] of Object.entries(model.values(t))) if (key.startsWith('feederFeed.')) sum += v;
    return sum;
  };
  let meal = 0;
  return (t) => {
    const before = grams(t - STEP_MS);
    const after = grams(t);
    // Past local midnight the totals start again: the step's feed is what fell since.
    const fell = after >= before ? after - before : after;
    meal += fell;
    if (fell > 0 || meal === 0) return 0;
    const drawn = (meal / 1000) * SPILL;
    meal = 0;
    return drawn;
  };
}
