import type { StandardAddBody } from '@farmsense/shared';
import type { Db } from './client.js';
import { feedingStandardAdjustments, feedingStandardAges, feedingStandards } from './tables.js';
import { demoTenantToSeed } from './demo-tenant.js';

/**
 * CONTRACT §5 demo feeding standards (issue 15, /std/mgn) for the demo tenant: the sow farm's
 * gestation and lactation standards and its nursery standard, in g per head per day by day age,
 * with the adjustments a sow-farm nutritionist writes (first-parity and old sows, summer heat and
 * winter cold, large litters, thin or fat sows by condition score and P2 back fat, feed left in
 * the trough).
 */

type StandardSeed = Omit<StandardAddBody, 'remark'> & { remark: string };

/** The demo's standards, as added through the API; the feeding tests start from them too. */
export const DEMO_FEEDING_STANDARDS: readonly StandardSeed[] = [
  {
    name: 'Gestation · Landrace x Large White',
    penFeedingType: 'pregnant',
    breed: 'Landrace x Large White',
    excessRatio: 0,
    ages: [
      // Recovery after weaning, maintenance through mid-gestation, the late-gestation bump.
      { startDay: 1, endDay: 30, minAmount: 2200, dailyAmount: 2600, maxAmount: 3200 },
      { startDay: 31, endDay: 84, minAmount: 1800, dailyAmount: 2200, maxAmount: 2800 },
      { startDay: 85, endDay: 114, minAmount: 2500, dailyAmount: 3000, maxAmount: 3500 },
    ],
    adjustments: [
      { factor: 'parity', from: 1, to: 1, percent: 5 },
      { factor: 'season', from: 4, to: 4, percent: 10 },
      { factor: 'bodyCondition', from: 1, to: 2.5, percent: 15 },
      { factor: 'bodyCondition', from: 4, to: 5, percent: -10 },
      { factor: 'backFat', from: 1, to: 15, percent: 10 },
      { factor: 'backFat', from: 22, to: 60, percent: -10 },
    ],
    remark: 'Gestation crates and group pens with electronic sow feeders',
  },
  {
    name: 'Lactation · Landrace x Large White',
    penFeedingType: 'breastfeed',
    breed: 'Landrace x Large White',
    excessRatio: 15,
    ages: [
      { startDay: 1, endDay: 3, minAmount: 2500, dailyAmount: 3000, maxAmount: 3500 },
      { startDay: 4, endDay: 10, minAmount: 3500, dailyAmount: 4500, maxAmount: 5500 },
      { startDay: 11, endDay: 28, minAmount: 5500, dailyAmount: 6500, maxAmount: 7500 },
    ],
    adjustments: [
      { factor: 'parity', from: 1, to: 1, percent: -10 },
      { factor: 'parity', from: 7, to: 15, percent: -5 },
      { factor: 'season', from: 2, to: 2, percent: -10 },
      { factor: 'litterSize', from: 1, to: 9, percent: -10 },
      { factor: 'litterSize', from: 13, to: 18, percent: 10 },
      { factor: 'leftoverGrade', from: 1, to: 1, percent: -5 },
      { factor: 'leftoverGrade', from: 2, to: 3, percent: -20 },
    ],
    remark: 'Farrowing rooms; ad libitum from day 11 within the excess ratio',
  },
  {
    name: 'Nursery · Duroc cross',
    penFeedingType: 'wean',
    breed: 'Duroc x (Landrace x Large White)',
    excessRatio: 10,
    ages: [
      { startDay: 1, endDay: 14, minAmount: 200, dailyAmount: 300, maxAmount: 400 },
      { startDay: 15, endDay: 42, minAmount: 500, dailyAmount: 700, maxAmount: 900 },
    ],
    adjustments: [
      { factor: 'season', from: 4, to: 4, percent: 5 },
      { factor: 'leftoverGrade', from: 2, to: 3, percent: -15 },
    ],
    remark: 'Weaned piglets by days in the nursery',
  },
];

/** The demo feeding standards; false when the demo tenant is missing or already has some. */
export async function seedFeedingStandards(db: Db): Promise<boolean> {
  const tenantId = await demoTenantToSeed(db, feedingStandards.tenantId);
  if (tenantId === null) return false;
  await db.transaction(async (tx) => {
    for (const { ages, adjustments, ...s } of DEMO_FEEDING_STANDARDS) {
      const [row] = await tx
        .insert(feedingStandards)
        .values({ tenantId, ...s })
        .returning({ id: feedingStandards.id });
      const standardId = row!.id;
      await tx.insert(feedingStandardAges).values(ages.map((a, i) => ({ tenantId, standardId, seq: i + 1, ...a })));
      await tx.insert(feedingStandardAdjustments).values(adjustments.map((a, i) => ({ tenantId, standardId, seq: i + 1, ...a })));
    }
  });
  return true;
}
