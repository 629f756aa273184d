import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  shedTypeAllowed,
  type FarmAddBody,
  type FarmDetail,
  type FarmPageQuery,
  type FarmTimeZoneBody,
  type FarmUpdateBody,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountFarms, accounts, farms, sheds } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import { assertFarmLimit, type DbOrTx } from '../../lib/limits.js';
import { assertWholeFarms, farmCondition, visibleFarm, type Scope } from '../../scope/index.js';
import { containsText } from '../../lib/text-search.js';
import { rowExists } from '../../lib/row-exists.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Farm administration (SPEC §3 Farm, /housemanagement/houselist). Every statement names the
 * tenant; a farm of another tenant is "not found" (10007) and never changed.
 */
type FarmSelect = typeof farms.$inferSelect;

async function toDetails(db: Db, tenantId: number, rows: FarmSelect[]): Promise<FarmDetail[]> {
  if (rows.length === 0) return [];
  const adminIds = [...new Set(rows.map((r) => r.adminAccountId).filter((v): v is number => v !== null))];
  const admins = adminIds.length
    ? await db
        .select({ id: accounts.id, name: accounts.accountName })
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, adminIds)))
    : [];
  const nameOf = new Map(admins.map((a) => [a.id, a.name]));
  const farmIds = rows.map((r) => r.id);
  const counts = await db
    .select({ farmId: sheds.farmId, n: count() })
    .from(sheds)
    .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.farmId, farmIds)))
    .groupBy(sheds.farmId);
  const countOf = new Map(counts.map((c) => [c.farmId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    farmId: r.id,
    farmName: r.farmName,
    type: r.type,
    scale: r.scale,
    address: r.address,
    personInCharge: r.personInCharge,
    contact: r.contact,
    areaCode: r.areaCode,
    phone: r.phone,
    adminAccountId: r.adminAccountId,
    adminAccountName: r.adminAccountId === null ? null : (nameOf.get(r.adminAccountId) ?? null),
    state: r.state,
    timeZone: r.timeZone,
    timeZoneName: r.timeZoneName,
    shedCount: countOf.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function farmPage(db: Db, scope: Scope, tenantId: number, q: FarmPageQuery): Promise<Page<FarmDetail>> {
  const conds: SQL[] = [eq(farms.tenantId, tenantId)];
  const visible = farmCondition(scope, farms.id);
  if (visible) conds.push(visible);
  if (q.farmName) conds.push(containsText(q.farmName, farms.farmName));
  const { total, rows } = await readPage(db, farms, and(...conds), q, (where) =>
    db.select().from(farms).where(where).orderBy(asc(farms.id)).$dynamic(),
  );
  return pageAnswer(q, total, await toDetails(db, tenantId, rows));
}

export async function farmDetail(db: Db, scope: Scope, tenantId: number, farmId: number): Promise<FarmDetail> {
  const row = await visibleFarm(scope, farmId);
  return (await toDetails(db, tenantId, [row]))[0]!;
}

/** 20002 unless the farm's super-administrator is an account of the same tenant. */
async function assertTenantAccount(db: DbOrTx, tenantId: number, accountId: number | undefined): Promise<void> {
  if (accountId === undefined) return;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)));
  if (!row) throw new AppError(ErrorCodes.ACCOUNT_NOT_FOUND);
}

async function assertNameFree(db: DbOrTx, tenantId: number, farmName: string, exceptId?: number): Promise<void> {
  const conds = [eq(farms.tenantId, tenantId), eq(farms.farmName, farmName)];
  if (await rowExists(db, farms.id, conds, exceptId)) throw new AppError(ErrorCodes.NAME_EXISTS);
}

/** A lost race on the unique name index answers like the check before it. */
const nameRace = lostRace({ farms_tenant_name_uq: () => new AppError(ErrorCodes.NAME_EXISTS) });

function fieldsOf(b: FarmAddBody): Omit<typeof farms.$inferInsert, 'tenantId'> {
  return {
    farmName: b.farmName,
    type: b.type,
    scale: b.scale ?? null,
    address: b.address ?? null,
    personInCharge: b.personInCharge,
    contact: b.contact ?? null,
    areaCode: b.areaCode,
    phone: b.phone,
    adminAccountId: b.adminAccountId ?? null,
    state: b.state,
    timeZone: b.timeZone,
    timeZoneName: b.timeZoneName,
  };
}

/**
 * Adds a farm under the tenant's farm cap (20110, checked in the same transaction). The farm's
 * super-administrator and an ordinary creator are authorized for it, so both can see it at once.
 */
export async function addFarm(db: Db, scope: Scope, tenantId: number, body: FarmAddBody): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      await assertFarmLimit(tx, tenantId);
      await assertNameFree(tx, tenantId, body.farmName);
      await assertTenantAccount(tx, tenantId, body.adminAccountId);
      const [row] = await tx
        .insert(farms)
        .values({ tenantId, ...fieldsOf(body), ...addedBy(scope) })
        .returning({ id: farms.id });
      const farmId = row!.id;
      const grantees = new Set<number>();
      if (body.adminAccountId !== undefined) grantees.add(body.adminAccountId);
      if (!scope.isTenantAdmin) grantees.add(scope.id);
      if (grantees.size > 0) {
        await tx
          .insert(accountFarms)
          .values([...grantees].map((accountId) => ({ accountId, farmId })))
          .onConflictDoNothing();
      }
      audit.add(scope.req, 'farm', body.farmName);
      return { id: farmId };
    });
  } catch (err) {
    return nameRace(err);
  }
}

export async function updateFarm(db: Db, scope: Scope, tenantId: number, body: FarmUpdateBody): Promise<void> {
  const current = await visibleFarm(scope, body.id);
  await assertWholeFarms(scope, [body.id]);
  try {
    await db.transaction(async (tx) => {
      await assertNameFree(tx, tenantId, body.farmName, body.id);
      await assertTenantAccount(tx, tenantId, body.adminAccountId);
      if (body.type !== current.type) {
        // A farm's sheds must keep types of its kind (pig types in pig farms, poultry in poultry).
        const types = await tx
          .selectDistinct({ t: sheds.shedType })
          .from(sheds)
          .where(and(eq(sheds.tenantId, tenantId), eq(sheds.farmId, body.id)));
        if (types.some((r) => !shedTypeAllowed(body.type, r.t))) throw new AppError(ErrorCodes.PEN_TYPE_ERROR);
      }
      await tx
        .update(farms)
        .set({ ...fieldsOf(body), ...changedBy(scope) })
        .where(and(eq(farms.id, body.id), eq(farms.tenantId, tenantId)));
      if (body.adminAccountId !== undefined) {
        await tx.insert(accountFarms).values({ accountId: body.adminAccountId, farmId: body.id }).onConflictDoNothing();
      }
    });
  } catch (err) {
    nameRace(err);
  }
  audit.edit(scope.req, 'farm', current.farmName, audit.changes(current, fieldsOf(body)));
}

/** Deletes the farm; its sheds, pens and authorizations go with it (foreign keys cascade). */
export async function deleteFarm(db: Db, scope: Scope, tenantId: number, farmId: number): Promise<void> {
  const farm = await visibleFarm(scope, farmId);
  await assertWholeFarms(scope, [farmId]);
  await db.delete(farms).where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)));
  audit.delete(scope.req, 'farm', farm.farmName);
}

export async function setTimeZone(db: Db, scope: Scope, tenantId: number, body: FarmTimeZoneBody): Promise<void> {
  const farm = await visibleFarm(scope, body.farmId);
  await assertWholeFarms(scope, [body.farmId]);
  const after = { timeZone: body.timeZone, timeZoneName: body.timeZoneName };
  audit.edit(scope.req, 'farm', farm.farmName, audit.changes(farm, after));
  await db
    .update(farms)
    .set({ timeZone: body.timeZone, timeZoneName: body.timeZoneName, ...changedBy(scope) })
    .where(and(eq(farms.id, body.farmId), eq(farms.tenantId, tenantId)));
}
