import { and, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  BUILTIN_CURVES,
  type BuiltinCurve,
  curveValueAt,
  dayAgeOn,
  daysBetween,
  FLOCK_STATUS,
  roundTo,
  dayRange,
  farmDay,
} from '@farmsense/shared';
import { kindForShedType, PROFILES, type ShedKind } from '../../../simulator/src/index.js';
import { hashSeed, Rng } from '../../../simulator/src/random.js';
import type { Db } from './client.js';
import { bulkInsert } from './bulk-insert.js';
import { DEMO_SEED } from './demo-codes.js';
import { demoFleet, demoGateways, type DemoGateway } from './demo-fleet.js';
import { demoFarms } from './demo-tenant.js';
import { BROILER_VACCINES, COCCI, COLI, LAYER_VACCINES } from './seed-production-health.js';
import {
  flockEggDays,
  flockFeedDays,
  flockGrowDays,
  flockImmunizations,
  flockMedications,
  flocks,
  flockStockDays,
  flockWaterDays,
  standardCurves,
} from './tables.js';

/**
 * CONTRACT §5 demo production data for "Demo Poultry Farm": current and closed flocks with daily
 * stock, growth, feed, water and egg records, immunisations and medication courses, and the
 * built-in standard curves copied to the farm, so every poultry report has 60 days of data on
 * the first visit. Flock placements follow the simulated controllers of the same houses (the same
 * fleet, seed and anchor as db/demo-fleet.ts), so a flock's day age equals the `dayAge.1` its
 * controller reports and the empty weeks between broiler batches are the simulator's cleaning
 * weeks. Figures follow the built-in standards with seeded variation, so every run of the seed
 * gives the same figures at the same day ages.
 */
const DEMO_FARM = 'Demo Poultry Farm';
/** Broiler batches that ended within this many days are kept as history. */
const HISTORY_DAYS = 100;
/**
 * The house whose water meter fills the latest days: the demo history seed writes `water.1`
 * readings for every demo controller, and this house's last week is left to the meters
 * (fillMeasured) to show measured rows next to entered ones.
 */
const METERED_HOUSE = 'Broiler House 2';
const METERED_DAYS = 7;
/** Pullets move into the laying house at 17 weeks. */
const LAYER_HOUSING_AGE = 119;
const LAYER_ONSET_AGE = 126;
/** Highest hen-day laying rate the demo gives a day, % (a top brown-layer flock peaks near 95 %). */
const LAY_RATE_CAP = 96;
/** Broilers are thinned at 35 days: this share of the birds present leaves for slaughter. */
const THIN_AGE = 35;
const THIN_SHARE = 0.3;

export interface ProductionSeedResult {
  flocks: number;
  rows: number;
  ms: number;
}

interface Plan {
  kind: 'broiler' | 'layer';
  shedId: number;
  shedName: string;
  gatewayId: number;
  groupNo: string;
  birth: string;
  start: string;
  /** Depletion day for a closed flock, null for a current one. */
  stop: string | null;
  placed: number;
  seed: number;
}

/** A curve's figure, held at its first or last value outside its days (pullets before 18 weeks). */
function stdAt(curve: BuiltinCurve, dayAge: number): number {
  const clamped = Math.min(Math.max(dayAge, curve.startDay), curve.startDay + curve.values.length - 1);
  return curveValueAt(curve, clamped) ?? 0;
}
function builtin(id: string): BuiltinCurve {
  const c = BUILTIN_CURVES.find((x) => x.id === id);
  if (!c) throw new Error(`built-in curve ${id} is missing`);
  return c;
}
/** The breeds of the demo flocks: the farm copies their built-in curves (one breed per indicator). */
const DEMO_BREEDS: ReadonlySet<string> = new Set(['Ross 308', 'Broiler', 'Brown layer']);
const STD = {
  broilerWeight: builtin('ross308-weight'),
  broilerFeed: builtin('ross308-feed'),
  broilerWater: builtin('ross308-water'),
  layerWeight: builtin('layer-weight'),
  layerFeed: builtin('layer-feed'),
  layerWater: builtin('layer-water'),
  layerRate: builtin('layer-rate'),
  eggWeight: builtin('layer-egg-weight'),
};

/** Broiler daily mortality: the first-week peak (yolk sac, starve-outs), then a slow rise with body weight. */
const BROILER_EARLY = [0.0015, 0.0025, 0.0025, 0.002, 0.0015, 0.001, 0.0008];
const broilerDeadRate = (age: number): number => BROILER_EARLY[age - 1] ?? 0.0004 + 0.00001 * (age - 7);

/** The standard normal distribution function (Abramowitz-Stegun 26.2.17), for egg size grades. */
function phi(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const p = 0.3989423 * Math.exp((-z * z) / 2) * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return z > 0 ? 1 - p : p;
}

/** Flocks of the poultry houses, placed where the simulated controllers have their batches. */
function planFlocks(gws: DemoGateway[], farmId: number, today: string, now: number): Plan[] {
  const models = demoFleet(gws, false);
  const plans: Plan[] = [];
  const nth = new Map<ShedKind, number>();
  gws.forEach((g, i) => {
    const kind = kindForShedType(g.shedType, i);
    if (g.farmId !== farmId || g.shedId === null || (kind !== 'broiler' && kind !== 'layer')) return;
    const n = (nth.get(kind) ?? 0) + 1;
    nth.set(kind, n);
    const profile = PROFILES[kind];
    const occ = models[i]!.occupancy(now);
    const base = { kind, shedId: g.shedId, shedName: g.shedName ?? g.code, gatewayId: g.id, placed: profile.headCount } as const;
    if (kind === 'layer') {
      // The simulator's day age is the hens' day age (hatch day = 0).
      const birth = addDays(today, -(occ.dayAge ?? 1));
      const start = addDays(birth, LAYER_HOUSING_AGE);
      if (start > today) return;
      plans.push({
        ...base,
        groupNo: `L${n}-${birth.replaceAll('-', '')}`,
        birth,
        start,
        stop: null,
        seed: hashSeed(`layer:${n}`, DEMO_SEED),
      });
      return;
    }
    // Broilers: day-olds placed on their hatch day (day age 0, production/age.ts), depleted after
    // growDays, then the house stands empty for cleaning; earlier batches repeat the cycle backwards.
    const cycle = profile.growDays + profile.emptyDays;
    const latest = addDays(today, -Math.floor(occ.age));
    for (let k = 0; ; k++) {
      const start = addDays(latest, -k * cycle);
      const last = addDays(start, profile.growDays - 1);
      if (daysBetween(last, today) > HISTORY_DAYS) break;
      const current = k === 0 && occ.occupied;
      plans.push({
        ...base,
        groupNo: `B${n}-${start.replaceAll('-', '')}`,
        birth: start,
        start,
        stop: current ? null : last,
        seed: hashSeed(`broiler:${n}:${k}`, DEMO_SEED),
      });
    }
  });
  return plans;
}

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'][];
interface Rows {
  stock: Insert<typeof flockStockDays>;
  grow: Insert<typeof flockGrowDays>;
  feed: Insert<typeof flockFeedDays>;
  water: Insert<typeof flockWaterDays>;
  egg: Insert<typeof flockEggDays>;
  immune: Insert<typeof flockImmunizations>;
  drug: Insert<typeof flockMedications>;
}

/** One flock's daily records from placement to its last day (yesterday for a current flock: today is left for entry). */
function flockRecords(p: Plan, flockId: number, tenantId: number, today: string, timeZone: string, rows: Rows, treated: boolean): void {
  const rng = new Rng(p.seed);
  const noise = (sd: number): number => 1 + sd * Math.max(-3, Math.min(3, rng.normal()));
  const broiler = p.kind === 'broiler';
  // A batch grows a little above or below the standard all its life (chick quality, climate).
  const perf = 1 + Math.max(-0.05, Math.min(0.05, 0.025 * rng.normal()));
  // Hens lay at most one egg a day and no flock beats the peak by much: the laying rate is capped.
  const layRate = (age: number): number => Math.min(LAY_RATE_CAP, stdAt(STD.layerRate, age) * perf);
  const last = p.stop ?? addDays(today, -1);
  const nine = (day: string): Date => new Date(dayRange(day, timeZone).start.getTime() + 9 * 3_600_000);
  const course = broiler ? (p.stop === null ? (treated ? COLI : null) : COCCI) : null;
  let present = p.placed;
  for (let day = p.start; day <= last; day = addDays(day, 1)) {
    const age = dayAgeOn(p.birth, day);
    const key = { tenantId, flockId, day, dayAge: age };
    const sick = course !== null && age >= course.from - 2 && age <= course.to ? 2.5 : 1;
    const deadRate = broiler ? broilerDeadRate(age) * sick : 0.0001;
    const cullRate = broiler ? (age >= 5 ? 0.00015 : 0) : 0.00004;
    const draw = (rate: number): number => Math.max(0, Math.round(present * rate * noise(0.35)));
    const dead = Math.min(present, draw(deadRate));
    const culled = Math.min(present - dead, draw(cullRate));
    present -= dead + culled;
    // Broilers: a 30 % thinning at 35 days, then the rest leaves for the processing plant on the
    // last day of a closed batch; the plant's scale ticket gives the kg (the day's standard weight).
    const thin = broiler && age === THIN_AGE && day < last ? Math.round(present * THIN_SHARE) : 0;
    const shipped = thin + (day === p.stop && broiler ? present - thin : 0);
    present -= shipped;
    const exitKg = shipped > 0 ? roundTo((shipped * stdAt(STD.broilerWeight, age) * perf * noise(0.01)) / 1000, 1) : null;
    // Dead broilers are weighed from the second week (the mortality-corrected FCR needs them).
    const deadKg = broiler && dead > 0 ? roundTo((dead * stdAt(STD.broilerWeight, age) * 0.7) / 1000, 2) : null;
    rows.stock.push({ ...key, dead, culled, transferIn: 0, transferOut: shipped, transferOutKg: exitKg, deadKg });

    const weighDay = broiler ? age % 7 === 0 || age % 7 === 3 : age % 7 === 0 && age >= LAYER_ONSET_AGE;
    if (weighDay) {
      const std = stdAt(broiler ? STD.broilerWeight : STD.layerWeight, age);
      const uniformity = broiler ? 91 - 0.2 * age + 1.5 * rng.normal() : 87 + 1.5 * rng.normal();
      rows.grow.push({
        ...key,
        avgWeight: Math.round(std * perf * noise(0.012)),
        uniformity: roundTo(Math.min(92, Math.max(80, uniformity)), 1),
        sampleSize: 100,
      });
    }
    // Birds leaving today ate until they were caught.
    const birds = present + shipped;
    const feedG = stdAt(broiler ? STD.broilerFeed : STD.layerFeed, age) * (1 + (perf - 1) / 2) * noise(0.03);
    const feedType = broiler ? (age <= 10 ? 'Starter' : age <= 24 ? 'Grower' : 'Finisher') : 'Layer';
    rows.feed.push({ ...key, feedKg: Math.round((birds * feedG) / 100) / 10, feedType });
    if (!(p.shedName === METERED_HOUSE && p.stop === null && daysBetween(day, today) <= METERED_DAYS)) {
      const waterMl = stdAt(broiler ? STD.broilerWater : STD.layerWater, age) * (1 + (perf - 1) / 2) * noise(0.04);
      rows.water.push({ ...key, waterL: Math.round((birds * waterMl) / 100) / 10 });
    }
    if (!broiler && age >= LAYER_ONSET_AGE) {
      const eggs = Math.min(present, Math.round((present * Math.min(LAY_RATE_CAP, layRate(age) * noise(0.015))) / 100));
      const weight = stdAt(STD.eggWeight, age) * noise(0.006);
      const broken = Math.round(eggs * 0.004 * noise(0.3));
      const dirty = Math.round(eggs * 0.01 * noise(0.3));
      const deformed = Math.round(eggs * 0.002 * noise(0.3));
      const sound = eggs - broken - dirty - deformed;
      // Size grades of a normal egg-weight spread (sd about 5 g): large from 63 g, small below 53 g.
      const large = Math.round(sound * (1 - phi((63 - weight) / 5)));
      const small = Math.min(sound - large, Math.round(sound * phi((53 - weight) / 5)));
      rows.egg.push({
        ...key,
        eggCount: eggs,
        eggWeightKg: Math.round(eggs * weight) / 1000,
        qualified: sound,
        large,
        medium: sound - large - small,
        small,
        broken,
        dirty,
        deformed,
      });
    }
    for (const v of broiler ? BROILER_VACCINES : LAYER_VACCINES) {
      if (v.age !== age) continue;
      rows.immune.push({
        tenantId,
        flockId,
        vaccinatedAt: nine(day),
        dayAge: age,
        vaccineBrand: v.brand,
        method: v.method,
        disease: v.disease,
        vaccineExpiry: addDays(day, 180),
        dose: '1 dose per bird',
        implementer: v.implementer,
      });
    }
    if (course && age >= course.from && age <= course.to) {
      rows.drug.push({
        tenantId,
        flockId,
        medicatedAt: nine(day),
        dayAge: age,
        drugName: course.drug,
        manufacturer: course.maker,
        method: 'Drinking water',
        disease: course.disease,
        dose: course.dose,
        withdrawalDays: course.withdrawal,
        implementer: 'Chen Hua',
      });
    }
  }
}

/**
 * Writes the demo production data once: does nothing (null) when the demo poultry farm is
 * missing or already has flocks.
 */
export async function seedProduction(db: Db, opts: { now?: number } = {}): Promise<ProductionSeedResult | null> {
  const started = Date.now();
  const now = opts.now ?? started;
  const farm = (await demoFarms(db)).find((f) => f.farmName === DEMO_FARM);
  if (!farm) return null;
  const existing = await db.select({ id: flocks.id }).from(flocks).where(eq(flocks.farmId, farm.id)).limit(1);
  if (existing.length > 0) return null;
  const today = farmDay(new Date(now), farm.timeZone);
  const plans = planFlocks(await demoGateways(db), farm.id, today, now);
  const { tenantId } = farm;

  return db.transaction(async (tx) => {
    const made =
      plans.length === 0
        ? []
        : await tx
            .insert(flocks)
            .values(
              plans.map((p) => ({
                tenantId,
                farmId: farm.id,
                shedId: p.shedId,
                groupNo: p.groupNo,
                flockType: p.kind === 'broiler' ? 2 : 4,
                sex: p.kind === 'broiler' ? 3 : 2,
                breed: p.kind === 'broiler' ? 'Ross 308' : 'Lohmann Brown',
                birthDate: p.birth,
                startDate: p.start,
                layingDate: p.kind === 'layer' ? addDays(p.birth, LAYER_ONSET_AGE) : null,
                endDate: p.kind === 'broiler' ? addDays(p.start, PROFILES.broiler.growDays - 1) : addDays(p.birth, 80 * 7),
                stopDate: p.stop,
                status: p.stop ? FLOCK_STATUS.CLOSED : FLOCK_STATUS.CURRENT,
                origin: 'Demo Hatchery',
                maleCount: 0,
                femaleCount: p.placed,
                deviceId: p.gatewayId,
              })),
            )
            .returning({ id: flocks.id, shedId: flocks.shedId, groupNo: flocks.groupNo });

    const rows: Rows = { stock: [], grow: [], feed: [], water: [], egg: [], immune: [], drug: [] };
    // The colibacillosis course goes to the current batch of the first broiler house only.
    const treatedShed = plans.find((p) => p.kind === 'broiler' && p.stop === null)?.shedId;
    for (const p of plans) {
      const id = made.find((m) => m.shedId === p.shedId && m.groupNo === p.groupNo)!.id;
      flockRecords(p, id, tenantId, today, farm.timeZone, rows, p.shedId === treatedShed);
    }
    await bulkInsert(tx, flockStockDays, rows.stock);
    await bulkInsert(tx, flockGrowDays, rows.grow);
    await bulkInsert(tx, flockFeedDays, rows.feed);
    await bulkInsert(tx, flockWaterDays, rows.water);
    await bulkInsert(tx, flockEggDays, rows.egg);
    await bulkInsert(tx, flockImmunizations, rows.immune);
    await bulkInsert(tx, flockMedications, rows.drug);

    // The farm's standard curves are copies of the built-ins of its breeds (Ross 308 broilers, brown hens).
    const types: number[] = [...new Set(plans.map((p) => (p.kind === 'broiler' ? 2 : 4)))];
    const curves = BUILTIN_CURVES.filter((c) => types.includes(c.flockType) && DEMO_BREEDS.has(c.breed)).map((c) => ({
      tenantId,
      farmId: farm.id,
      flockType: c.flockType,
      indicator: c.indicator,
      name: c.name,
      startDay: c.startDay,
      values: c.values,
      source: c.source,
      builtinId: c.id,
    }));
    const taken =
      curves.length === 0
        ? []
        : await tx
            .select({ t: standardCurves.flockType, i: standardCurves.indicator })
            .from(standardCurves)
            .where(and(eq(standardCurves.farmId, farm.id), inArray(standardCurves.flockType, types)));
    const fresh = curves.filter((c) => !taken.some((x) => x.t === c.flockType && x.i === c.indicator));
    if (fresh.length > 0) await tx.insert(standardCurves).values(fresh);

    const count = Object.values(rows).reduce((n, r: unknown[]) => n + r.length, 0) + fresh.length;
    return { flocks: made.length, rows: count, ms: Date.now() - started };
  });
}
