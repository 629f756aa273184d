import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes } from '@farmsense/shared';
import type { DbOrTx } from '../../lib/limits.js';
import { refusal, tenantIdOf, visibleShed, type Scope } from '../../scope/index.js';
import { feedingDispatches, feedingPlans } from './tables.js';

type PlanRecord = typeof feedingPlans.$inferSelect;

/** What both the plan screens and the dispatch read of a plan: whether the caller sees it, and its feeders' answers. */
/** A plan of a house the caller sees, else 20095 (none, another tenant's, another house's). */
export async function visiblePlan(db: DbOrTx, scope: Scope, id: number): Promise<PlanRecord> {
  const [row] = await db
    .select()
    .from(feedingPlans)
    .where(and(eq(feedingPlans.id, id), eq(feedingPlans.tenantId, tenantIdOf(scope))));
  if (!row) throw refusal(scope.req, ErrorCodes.TARGET_PLAN_NOT_FOUND, { refused: 'feeding plan', id });
  await visibleShed(scope, row.shedId, { db, code: ErrorCodes.TARGET_PLAN_NOT_FOUND });
  return row;
}

/** Counts of the feeders' copies per plan: not sent, sending, sent and confirmed, failed. */
export async function dispatchCountsOf(
  db: DbOrTx,
  planIds: number[],
): Promise<Map<number, { feeders: number; notSent: number; sending: number; sent: number; failed: number }>> {
  const rows = await db
    .select({
      planId: feedingDispatches.planId,
      feeders: sql<number>`count(*)::int`,
      notSent: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} = 'notSent')::int`,
      sending: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} = 'sending')::int`,
      sent: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} = 'sent' AND ${feedingDispatches.result} = 1)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} = 'sent' AND ${feedingDispatches.result} <> 1)::int`,
    })
    .from(feedingDispatches)
    .where(inArray(feedingDispatches.planId, planIds))
    .groupBy(feedingDispatches.planId);
  return new Map(rows.map(({ planId, ...c }) => [planId, c]));
}
