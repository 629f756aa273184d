import { inArray } from 'drizzle-orm';
import { AppError, ErrorCodes, type MealFeederRow } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { audit } from '../../plugins/audit-note.js';
import { seesPen, type Scope } from '../../scope/index.js';
import { confirmedLog, withVersionRetry, type Confirmation } from '../control/index.js';
import { feedersOf, sendCopies, settlePlan, writeCopies, type Outgoing } from './dispatch-link.js';
import { assertFeeders, feederStates, latestCopies } from './meal-feeders.js';
import { adjustName, assertWholeHouse, visibleAdjust } from './meals.js';
import { feedingPlans } from './tables.js';

/**
 * Re-dispatch of an adjusted house or pen (/accurate-feeding/meal/*): the feeders there get the
 * plan each runs (its newest dispatched copy) again, written through the plan dispatch's command
 * path (dispatch-link.ts `writeCopies`, which applies the adjustments), each as a new version of
 * the feeder's `setRation`; the plans follow their copies' answers as on a plan dispatch. The
 * request carries the security or an authorization code for the house (checked before any
 * transaction, like the remote feeder actions), and each feeder's copy is written to the option
 * log (group `feeding`, action `redispatch`) as the remote feeder actions' commands are. 203336
 * when no feeder is there, 20095 when no plan was dispatched to them yet.
 */
export async function mealFeeders(db: Db, scope: Scope, id: number): Promise<MealFeederRow[]> {
  const a = await visibleAdjust(db, scope, id);
  const rows = (await feederStates(db, [a])).get(a.id) ?? [];
  return rows.filter((r) => r.penId === null || seesPen(scope, a.shedId, r.penId));
}

export async function redispatchAdjust(
  db: Db,
  deps: Deps,
  scope: Scope,
  id: number,
  confirm: (shedId: number) => Promise<Confirmation>,
): Promise<{ feeders: number; plans: number }> {
  const a = await visibleAdjust(db, scope, id);
  assertWholeHouse(scope, a);
  const feeders = (await feederStates(db, [a])).get(a.id) ?? [];
  assertFeeders(feeders);
  const confirmation = await confirm(a.shedId);
  // Each feeder's copy is an option-log entry (action redispatch), confirmed like a remote feeder action.
  const log = confirmedLog('redispatch', confirmation, scope);
  const ids = feeders.map((f) => f.feederId);
  const written = await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const byPlan = new Map<number, number[]>();
      for (const [feederId, c] of await latestCopies(tx, ids)) byPlan.set(c.d.planId, [...(byPlan.get(c.d.planId) ?? []), feederId]);
      if (byPlan.size === 0) throw new AppError(ErrorCodes.TARGET_PLAN_NOT_FOUND, { data: { plans: 0 } });
      // The plan rows' locks order this against a plan dispatch or an ack settling the same plans.
      const plans = await tx
        .select()
        .from(feedingPlans)
        .where(inArray(feedingPlans.id, [...byPlan.keys()]))
        .orderBy(feedingPlans.id)
        .for('update');
      const out: Outgoing[] = [];
      for (const plan of plans) {
        out.push(...(await writeCopies(tx, deps, plan, await feedersOf(tx, plan, byPlan.get(plan.id)), scope.id, log)));
        await settlePlan(tx, plan.id);
      }
      return { copies: out, plans: plans.length };
    }),
  );
  await sendCopies(deps, written.copies);
  audit.apply(scope.req, 'mealAdjust', await adjustName(db, a), [{ field: 'dispatch', before: null, after: written.copies.length }]);
  return { feeders: written.copies.length, plans: written.plans };
}
