import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { accountFarms, accountPens, accountSheds, pens, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';

/** The accounts of `ids` that have no limit row left (`still`: the accounts that do). */
function withoutLimits(ids: number[], still: { accountId: number }[]): number[] {
  const keep = new Set(still.map((r) => r.accountId));
  return ids.filter((a) => !keep.has(a));
}

/**
 * Removing a shed or pen must never widen anyone's view. An account limited to some sheds of a
 * farm sees the whole farm once it has no limit rows there, so when the last shed (or pen) an
 * account was limited to goes, the account loses the farm (or the shed) instead.
 */
async function dropFarmWithoutSheds(tx: DbOrTx, tenantId: number, farmId: number, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  const still = await tx
    .selectDistinct({ accountId: accountSheds.accountId })
    .from(accountSheds)
    .innerJoin(sheds, and(eq(sheds.id, accountSheds.shedId), eq(sheds.tenantId, tenantId), eq(sheds.farmId, farmId)))
    .where(inArray(accountSheds.accountId, accountIds));
  const lose = withoutLimits(accountIds, still);
  if (lose.length > 0) await tx.delete(accountFarms).where(and(eq(accountFarms.farmId, farmId), inArray(accountFarms.accountId, lose)));
}

/** Call before deleting the shed, inside the same transaction. */
export async function narrowBeforeShedRemoval(tx: DbOrTx, tenantId: number, farmId: number, shedId: number): Promise<void> {
  const limited = await tx.select({ accountId: accountSheds.accountId }).from(accountSheds).where(eq(accountSheds.shedId, shedId));
  if (limited.length === 0) return;
  const ids = limited.map((r) => r.accountId);
  await tx.delete(accountSheds).where(eq(accountSheds.shedId, shedId));
  await dropFarmWithoutSheds(tx, tenantId, farmId, ids);
}

/** Call before deleting the pens (all of one shed), inside the same transaction. */
export async function narrowBeforePenRemoval(
  tx: DbOrTx,
  tenantId: number,
  farmId: number,
  shedId: number,
  penIds: number[],
): Promise<void> {
  if (penIds.length === 0) return;
  const limited = await tx.selectDistinct({ accountId: accountPens.accountId }).from(accountPens).where(inArray(accountPens.penId, penIds));
  if (limited.length === 0) return;
  const ids = limited.map((r) => r.accountId);
  await tx.delete(accountPens).where(inArray(accountPens.penId, penIds));
  const still = await tx
    .selectDistinct({ accountId: accountPens.accountId })
    .from(accountPens)
    .innerJoin(pens, and(eq(pens.id, accountPens.penId), eq(pens.shedId, shedId), notInArray(pens.id, penIds)))
    .where(inArray(accountPens.accountId, ids));
  const lose = withoutLimits(ids, still);
  if (lose.length === 0) return;
  await tx.delete(accountSheds).where(and(eq(accountSheds.shedId, shedId), inArray(accountSheds.accountId, lose)));
  await dropFarmWithoutSheds(tx, tenantId, farmId, lose);
}
