import { eq } from 'drizzle-orm';
import { rationSteps, stagesFromSplitPoints } from '@farmsense/shared';
import type { Db } from './client.js';
import { feedInfos, feedingPlanMeals, feedingPlans, feedingPlanStages, feedingStandards, feedTypes, sheds } from './tables.js';
import { demoTenantToSeed } from './demo-tenant.js';

/**
 * CONTRACT §5 demo feed catalogue (issue 15) for the demo tenant: the feeds its two farms use,
 * the pig farm's farrowing, nursery and fattening houses and the poultry farm's broiler and layer
 * houses, with mill batches, formula ratios, bag weights and prices.
 */

interface FeedSeed {
  name: string;
  batch: string;
  formulaRatio: string;
  weight: number;
  unit: 'g' | 'kg';
  price: number;
  animalType: 1 | 2;
}

const CATALOGUE: { type: string; remark: string; feeds: FeedSeed[] }[] = [
  {
    type: 'Sow feed',
    remark: 'Gestation and lactation diets',
    feeds: [
      {
        name: 'Sow gestation 14 %',
        batch: 'SG-2611-07',
        formulaRatio: 'corn 58 %, bran 20 %, soybean meal 16 %, premix 6 %',
        weight: 40,
        unit: 'kg',
        price: 118,
        animalType: 1,
      },
      {
        name: 'Sow lactation 18 %',
        batch: 'SL-2611-09',
        formulaRatio: 'corn 60 %, soybean meal 26 %, fish meal 4 %, oil 3 %, premix 7 %',
        weight: 40,
        unit: 'kg',
        price: 142,
        animalType: 1,
      },
    ],
  },
  {
    type: 'Piglet feed',
    remark: 'Creep and nursery diets',
    feeds: [
      {
        name: 'Nursery 20 %',
        batch: 'PN-2611-04',
        formulaRatio: 'corn 50 %, soybean meal 22 %, whey 12 %, plasma 4 %, premix 12 %',
        weight: 20,
        unit: 'kg',
        price: 176,
        animalType: 1,
      },
    ],
  },
  {
    type: 'Grower-finisher feed',
    remark: 'Fattening house diets',
    feeds: [
      {
        name: 'Grower 17 %',
        batch: 'GF-2611-11',
        formulaRatio: 'corn 65 %, soybean meal 22 %, bran 8 %, premix 5 %',
        weight: 40,
        unit: 'kg',
        price: 112,
        animalType: 1,
      },
      {
        name: 'Finisher 15 %',
        batch: 'GF-2611-12',
        formulaRatio: 'corn 70 %, soybean meal 17 %, bran 9 %, premix 4 %',
        weight: 40,
        unit: 'kg',
        price: 104,
        animalType: 1,
      },
    ],
  },
  {
    type: 'Broiler feed',
    remark: 'Starter, grower and finisher crumbles and pellets',
    feeds: [
      {
        name: 'Broiler starter 22 %',
        batch: 'BS-2611-02',
        formulaRatio: 'corn 54 %, soybean meal 36 %, oil 3 %, premix 7 %',
        weight: 25,
        unit: 'kg',
        price: 96,
        animalType: 2,
      },
      {
        name: 'Broiler grower 20 %',
        batch: 'BG-2611-05',
        formulaRatio: 'corn 58 %, soybean meal 32 %, oil 4 %, premix 6 %',
        weight: 25,
        unit: 'kg',
        price: 90,
        animalType: 2,
      },
      {
        name: 'Broiler finisher 18 %',
        batch: 'BF-2611-08',
        formulaRatio: 'corn 63 %, soybean meal 27 %, oil 5 %, premix 5 %',
        weight: 25,
        unit: 'kg',
        price: 86,
        animalType: 2,
      },
    ],
  },
  {
    type: 'Layer feed',
    remark: 'Peak-lay mash',
    feeds: [
      {
        name: 'Layer peak 17 %',
        batch: 'LP-2611-03',
        formulaRatio: 'corn 62 %, soybean meal 24 %, limestone 9 %, premix 5 %',
        weight: 40,
        unit: 'kg',
        price: 102,
        animalType: 2,
      },
    ],
  },
];

/** The demo feed catalogue; false when the demo tenant is missing or already has feed types. */
export async function seedFeeds(db: Db): Promise<boolean> {
  const tenantId = await demoTenantToSeed(db, feedTypes.tenantId);
  if (tenantId === null) return false;
  await db.transaction(async (tx) => {
    for (const c of CATALOGUE) {
      const [type] = await tx.insert(feedTypes).values({ tenantId, name: c.type, remark: c.remark }).returning({ id: feedTypes.id });
      await tx.insert(feedInfos).values(c.feeds.map((f) => ({ tenantId, typeId: type!.id, ...f, priceUnit: 'CNY/bag' })));
    }
  });
  return true;
}

interface PlanSeed {
  shed: string;
  name: string;
  totalDays: number;
  splitPoints: number[];
  /** Feed name and g per head per day, one per stage. */
  stages: [string, number][];
  /** HH from, HH to, share. */
  meals: [number, number, number][];
  maxStep: number;
  /** The feeding standard it keeps to (db/seed-feeding-standards.ts), by name. */
  standard?: string;
}

/** Plans per demo house: sows by lactation day, piglets and finishers by days in the house, broilers by age. */
const PLANS: PlanSeed[] = [
  {
    shed: 'Farrowing 1',
    name: 'Lactating sows',
    totalDays: 28,
    splitPoints: [1, 3, 4, 10, 11, 28],
    stages: [
      ['Sow lactation 18 %', 3000],
      ['Sow lactation 18 %', 4000],
      ['Sow lactation 18 %', 5000],
    ],
    meals: [
      [6, 7, 30],
      [10, 11, 20],
      [14, 15, 20],
      [18, 19, 30],
    ],
    maxStep: 1000,
    // 5 kg from day 11 is below the standard's 5.5 kg minimum of late lactation: the plan screen flags it.
    standard: 'Lactation · Landrace x Large White',
  },
  {
    shed: 'Nursery 1',
    name: 'Weaned piglets',
    totalDays: 42,
    splitPoints: [1, 14, 15, 42],
    stages: [
      ['Nursery 20 %', 300],
      ['Nursery 20 %', 700],
    ],
    meals: [
      [6, 7, 25],
      [11, 12, 25],
      [15, 16, 25],
      [19, 20, 25],
    ],
    maxStep: 1000,
    standard: 'Nursery · Duroc cross',
  },
  {
    shed: 'Fattening 1',
    name: 'Grow-finish',
    totalDays: 110,
    splitPoints: [1, 50, 51, 110],
    stages: [
      ['Grower 17 %', 1800],
      ['Finisher 15 %', 2600],
    ],
    meals: [
      [7, 8, 50],
      [17, 18, 50],
    ],
    maxStep: 1000,
  },
  {
    shed: 'Broiler House 1',
    name: 'Broiler 42 days',
    totalDays: 42,
    splitPoints: [1, 10, 11, 24, 25, 42],
    stages: [
      ['Broiler starter 22 %', 30],
      ['Broiler grower 20 %', 95],
      ['Broiler finisher 18 %', 165],
    ],
    meals: [
      [5, 6, 25],
      [10, 11, 25],
      [15, 16, 25],
      [20, 21, 25],
    ],
    // Broilers double their intake within days: the steps were confirmed when the plan was made.
    maxStep: 20,
  },
];

/** The demo feeding plans (drafts; with DEMO=1 the Farrowing 1 plan is confirmed by the demo feeders, seed-feed-devices.ts); false when some exist. */
export async function seedFeedingPlans(db: Db): Promise<boolean> {
  const tenantId = await demoTenantToSeed(db, feedingPlans.tenantId);
  if (tenantId === null) return false;
  const houses = await db
    .select({ id: sheds.id, farmId: sheds.farmId, name: sheds.shedName })
    .from(sheds)
    .where(eq(sheds.tenantId, tenantId));
  const feeds = await db.select({ id: feedInfos.id, name: feedInfos.name }).from(feedInfos).where(eq(feedInfos.tenantId, tenantId));
  const standards = await db
    .select({ id: feedingStandards.id, name: feedingStandards.name })
    .from(feedingStandards)
    .where(eq(feedingStandards.tenantId, tenantId));
  await db.transaction(async (tx) => {
    for (const p of PLANS) {
      const house = houses.find((h) => h.name === p.shed);
      if (!house) continue;
      const stages = stagesFromSplitPoints(p.splitPoints).map((s, i) => ({
        ...s,
        feedId: feeds.find((f) => f.name === p.stages[i]![0])!.id,
        dailyAmount: p.stages[i]![1],
      }));
      const [plan] = await tx
        .insert(feedingPlans)
        .values({
          tenantId,
          farmId: house.farmId,
          shedId: house.id,
          name: p.name,
          totalDays: p.totalDays,
          splitPoints: p.splitPoints,
          maxStep: p.maxStep,
          stepConfirmed: rationSteps(stages, p.maxStep).length > 0,
          standardId: standards.find((s) => s.name === p.standard)?.id ?? null,
          dispatchMode: 'immediate',
        })
        .returning({ id: feedingPlans.id });
      await tx.insert(feedingPlanStages).values(stages.map((s, i) => ({ tenantId, planId: plan!.id, seq: i + 1, ...s })));
      await tx.insert(feedingPlanMeals).values(
        p.meals.map(([from, to, share], i) => ({
          tenantId,
          planId: plan!.id,
          seq: i + 1,
          startMinute: from * 60,
          endMinute: to * 60,
          share,
        })),
      );
    }
  });
  return true;
}
