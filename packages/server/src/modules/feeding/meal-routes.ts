import { mealAdjustApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { transportKeys } from '../../lib/transport-crypto.js';
import { scopeOf } from '../../scope/index.js';
import { confirmAction, countUse } from '../control/index.js';
import type { ModuleRoutes } from '../module.js';
import { mealFeeders, redispatchAdjust } from './meal-dispatch.js';
import { addMealAdjust, MEAL_FIELD_APP, MEAL_SHED_APP, mealAdjustPage, removeMealAdjust, updateMealAdjust } from './meals.js';

/**
 * Meal adjustments per house and per pen (contracts: shared feeding/meal-endpoints.ts). Both pages
 * share the routes; each handler then requires the page of the adjustment's kind (meals.ts).
 * Writes are audit-logged; the re-dispatch's code is never logged.
 */
export const MEAL_APPS: AppCode[] = [MEAL_SHED_APP, MEAL_FIELD_APP];

export const mealRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const keys = transportKeys(db);
  const serve = router(app, { tags: ['feeding'], app: MEAL_APPS, module: 'accurate-feeding' });

  serve(mealAdjustApi.page, async ({ req, query }) => mealAdjustPage(db, scopeOf(req), query));
  serve(mealAdjustApi.add, async ({ req, body }) => addMealAdjust(db, scopeOf(req), body));
  serve(mealAdjustApi.update, async ({ req, body }) => updateMealAdjust(db, scopeOf(req), body));
  serve(mealAdjustApi.remove, async ({ req, params }) => removeMealAdjust(db, scopeOf(req), params.id));
  serve(mealAdjustApi.feeders, async ({ req, params }) => mealFeeders(db, scopeOf(req), params.id));
  serve(mealAdjustApi.dispatch, async ({ req, body }) => {
    const scope = scopeOf(req);
    const { codeKind, code } = body;
    return redispatchAdjust(db, deps, scope, body.id, async (shedId) => {
      const c = await confirmAction(db, keys, scope, { codeKind, code }, { shedIds: [shedId], group: 'feedDevice' });
      if (c.authCodeId !== null) await countUse(db, c.authCodeId);
      return c;
    });
  });
};
