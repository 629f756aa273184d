import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pens } from '../../db/schema.js';
import { inShed } from '../../db/schema/owners.js';
import { stamps } from '../../db/schema/columns.js';

/**
 * A meal adjustment (/accurate-feeding/meal/shed and /field; shared feeding/meal-rules.ts): a
 * house's (no pen) or one pen's change of the plan's meal periods (`meals`, null keeps the plan's)
 * and daily ration (`ration_unit` percent or kg with `ration_value`, null keeps it). One per house
 * and one per pen, held by partial unique indexes (203337 for a racing second insert too).
 */
export const feedingMealAdjusts = pgTable(
  'feeding_meal_adjusts',
  {
    id: serial('id').primaryKey(),
    ...inShed,
    penId: integer('pen_id').references(() => pens.id, { onDelete: 'cascade' }),
    meals: jsonb('meals').$type<{ startMinute: number; endMinute: number; share: number }[]>(),
    rationUnit: text('ration_unit'),
    rationValue: doublePrecision('ration_value'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('feeding_meal_adjusts_shed_uq')
      .on(t.shedId)
      .where(sql`${t.penId} IS NULL`),
    uniqueIndex('feeding_meal_adjusts_pen_uq')
      .on(t.penId)
      .where(sql`${t.penId} IS NOT NULL`),
    index('feeding_meal_adjusts_tenant_idx').on(t.tenantId),
    check('feeding_meal_adjusts_unit_ck', sql`${t.rationUnit} IN ('percent', 'kg')`),
    check('feeding_meal_adjusts_ration_ck', sql`(${t.rationUnit} IS NULL) = (${t.rationValue} IS NULL)`),
    check('feeding_meal_adjusts_some_ck', sql`${t.meals} IS NOT NULL OR ${t.rationUnit} IS NOT NULL`),
  ],
);
