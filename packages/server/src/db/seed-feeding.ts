import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { feedInfos, feedTypes, tenants } from './tables.js';

/**
 * CONTRACT §5 demo feed catalogue (issue 15) for the demo tenant: the feeds its two farms use,
 * the pig farm's farrowing, nursery and fattening houses and the poultry farm's broiler and layer
 * houses, with mill batches, formula ratios, bag weights and prices.
 */
const DEMO_TENANT = 'Demo Agri Group';

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
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, DEMO_TENANT));
  if (!tenant) return false;
  const [existing] = await db.select({ id: feedTypes.id }).from(feedTypes).where(eq(feedTypes.tenantId, tenant.id)).limit(1);
  if (existing) return false;
  await db.transaction(async (tx) => {
    for (const c of CATALOGUE) {
      const [type] = await tx
        .insert(feedTypes)
        .values({ tenantId: tenant.id, name: c.type, remark: c.remark })
        .returning({ id: feedTypes.id });
      await tx.insert(feedInfos).values(c.feeds.map((f) => ({ tenantId: tenant.id, typeId: type!.id, ...f, priceUnit: 'CNY/bag' })));
    }
  });
  return true;
}
