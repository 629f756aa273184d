import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  BUILTIN_CURVES,
  curveAddBody,
  curveCopyBody,
  curvePageBody,
  curveUpdateBody,
  ErrorCodes,
  standardCurvesApi,
  type BuiltinCurve,
  type CurveIndicator,
  type CurveRow,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { farmRowConditions, scopeOf, tenantIdOf, visibleFarm, visibleRow, type Scope } from '../../scope/index.js';
import { router } from '../../core/serve.js';
import { standardCurves } from './tables.js';
import { rowExists } from '../../lib/row-exists.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Standard curves (/ci18/std/curves): a farm's targets per flock type and indicator, one curve
 * each (20064, reported on the indicator field), entered by hand or copied from a built-in breed
 * standard (packages/shared/src/production/standards.ts). The reports read them at the flocks'
 * day ages. A curve of a farm the caller is not authorized for is "not found" (30001).
 */
export const CURVE_APP = 'ci18.std';

type CurveAdd = z.infer<typeof curveAddBody>;
type CurveUpdate = z.infer<typeof curveUpdateBody>;

/** What an add and an edit both write from the body. */
function curveFields(
  body: CurveAdd,
): Pick<typeof standardCurves.$inferInsert, 'farmId' | 'flockType' | 'indicator' | 'name' | 'startDay' | 'values'> {
  return {
    farmId: body.farmId,
    flockType: body.flockType,
    indicator: body.indicator,
    name: body.name,
    startDay: body.startDay,
    values: body.values,
  };
}

function duplicate(): AppError {
  return new AppError(ErrorCodes.STANDARD_CURVE_DUPLICATE, { data: { field: 'indicator' } });
}

/** A parallel write that passed the check meets the unique index: same answer as the check. */
const raced = lostRace({ standard_curves_farm_type_indicator_uq: duplicate });

async function assertFree(db: DbOrTx, farmId: number, flockType: number, indicator: string, exceptId?: number): Promise<void> {
  const conds: SQL[] = [
    eq(standardCurves.farmId, farmId),
    eq(standardCurves.flockType, flockType),
    eq(standardCurves.indicator, indicator),
  ];
  if (await rowExists(db, standardCurves.id, conds, exceptId)) throw duplicate();
}

/** The curve when its farm is the caller's, else 30001. */
async function visibleCurve(db: DbOrTx, scope: Scope, id: number): Promise<typeof standardCurves.$inferSelect> {
  return visibleRow(db, scope, standardCurves, id, { refused: 'curve' });
}

export async function curvePage(db: Db, scope: Scope, q: z.infer<typeof curvePageBody>): Promise<Page<CurveRow>> {
  const conds = await farmRowConditions(scope, standardCurves, q.farmId);
  if (q.flockType) conds.push(eq(standardCurves.flockType, q.flockType));
  if (q.indicator) conds.push(eq(standardCurves.indicator, q.indicator));
  const { total, rows } = await readPage(db, standardCurves, and(...conds), q, (where) =>
    db
      .select({
        id: standardCurves.id,
        farmId: standardCurves.farmId,
        farmName: farms.farmName,
        flockType: standardCurves.flockType,
        indicator: standardCurves.indicator,
        name: standardCurves.name,
        startDay: standardCurves.startDay,
        values: standardCurves.values,
        source: standardCurves.source,
        builtinId: standardCurves.builtinId,
      })
      .from(standardCurves)
      .innerJoin(farms, eq(farms.id, standardCurves.farmId))
      .where(where)
      .orderBy(asc(farms.farmName), asc(standardCurves.flockType), asc(standardCurves.indicator), asc(standardCurves.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map((r) => ({ ...r, indicator: r.indicator as CurveIndicator })),
  );
}

export async function addCurve(db: Db, scope: Scope, body: CurveAdd, from?: BuiltinCurve): Promise<{ id: number }> {
  const tenantId = tenantIdOf(scope);
  await visibleFarm(scope, body.farmId);
  await assertFree(db, body.farmId, body.flockType, body.indicator);
  try {
    const [row] = await db
      .insert(standardCurves)
      .values({
        tenantId,
        ...curveFields(body),
        source: from?.source ?? null,
        builtinId: from?.id ?? null,
        ...addedBy(scope),
      })
      .returning({ id: standardCurves.id });
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

/** Edits a curve; a copied curve keeps naming the standard it came from. */
export async function updateCurve(db: Db, scope: Scope, body: CurveUpdate): Promise<{ id: number }> {
  await visibleCurve(db, scope, body.id);
  await visibleFarm(scope, body.farmId);
  await assertFree(db, body.farmId, body.flockType, body.indicator, body.id);
  try {
    await db
      .update(standardCurves)
      .set({
        ...curveFields(body),
        ...changedBy(scope),
      })
      .where(and(eq(standardCurves.id, body.id), eq(standardCurves.tenantId, tenantIdOf(scope))));
  } catch (err) {
    raced(err);
  }
  return { id: body.id };
}

export async function deleteCurve(db: Db, scope: Scope, id: number): Promise<void> {
  await visibleCurve(db, scope, id);
  await db.delete(standardCurves).where(and(eq(standardCurves.id, id), eq(standardCurves.tenantId, tenantIdOf(scope))));
}

/** A farm's own copy of a built-in standard (optionally for another flock type); 30001 for an unknown one. */
export async function copyBuiltin(db: Db, scope: Scope, body: z.infer<typeof curveCopyBody>): Promise<{ id: number }> {
  const b = BUILTIN_CURVES.find((c) => c.id === body.builtinId);
  if (!b) throw new AppError(ErrorCodes.DATA_NOT_FOUND, { data: { field: 'builtinId' } });
  return addCurve(
    db,
    scope,
    {
      farmId: body.farmId,
      flockType: body.flockType ?? b.flockType,
      indicator: b.indicator,
      name: b.name,
      startDay: b.startDay,
      values: [...b.values],
    },
    b,
  );
}

export async function curveRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const serve = router(app, { tags: ['production'], app: CURVE_APP, module: 'production' });
  const read = { readOnly: true };

  serve(standardCurvesApi.page, read, async ({ req, body }) => curvePage(db, scopeOf(req), body));
  serve(standardCurvesApi.add, async ({ req, body }) => addCurve(db, scopeOf(req), body));
  serve(standardCurvesApi.update, async ({ req, body }) => updateCurve(db, scopeOf(req), body));
  serve(standardCurvesApi.remove, async ({ req, params }) => deleteCurve(db, scopeOf(req), params.id));
  serve(standardCurvesApi.builtins, read, async () => [...BUILTIN_CURVES]);
  serve(standardCurvesApi.copy, async ({ req, body }) => copyBuiltin(db, scopeOf(req), body));
}
