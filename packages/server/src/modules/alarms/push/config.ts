import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  AccountType,
  AppError,
  byPriority,
  ErrorCodes,
  type Locale,
  type Page,
  type PhoneConfigAddBody,
  type PhoneConfigRow,
  type PhoneConfigUpdateBody,
  type PushConfigPageQuery,
  type PushPerson,
  type PushStrategyAddBody,
  type PushStrategyRow,
  type PushStrategyUpdateBody,
} from '@farmsense/shared';
import type { Db } from '../../../db/client.js';
import { accountFarms, accounts, farms } from '../../../db/tables.js';
import { lostRace } from '../../../lib/db-errors.js';
import type { DbOrTx } from '../../../lib/limits.js';
import { paramError } from '../../../lib/param-error.js';
import { assertWholeFarms, farmRowConditions, tenantIdOf, visibleFarm, visibleRow, type Scope } from '../../../scope/index.js';
import { pushPhoneConfigs, pushStrategies } from './tables.js';
import { pageAnswer, readPage } from '../../../lib/paging.js';
import { addedBy, changedBy } from '../../../db/schema/columns.js';

/**
 * Push strategies and phone notification configurations (/pushmanagement/pushpolicyconfiguration).
 * Both are settings of a whole farm: reading needs the farm, writing the whole farm (a caller who
 * sees only some of its sheds may not decide who is woken at night for all of them). One of each
 * per farm: 20029, checked first for a clear answer and held by the unique index under a race.
 */
type StrategyRecord = typeof pushStrategies.$inferSelect;
type PhoneRecord = typeof pushPhoneConfigs.$inferSelect;

const exists = (): AppError => new AppError(ErrorCodes.PUSH_RULE_EXISTS, { data: { field: 'farmId' } });
const raced = lostRace({ push_strategies_farm_uq: exists, push_phone_configs_farm_uq: exists });

async function visibleStrategy(db: DbOrTx, scope: Scope, id: number): Promise<StrategyRecord> {
  return visibleRow(db, scope, pushStrategies, id, { refused: 'push strategy' });
}

async function visiblePhone(db: DbOrTx, scope: Scope, id: number): Promise<PhoneRecord> {
  return visibleRow(db, scope, pushPhoneConfigs, id, { refused: 'push phone configuration' });
}

/** The farm to write to: seen whole by the caller (10007 / 10009). */
async function writableFarm(scope: Scope, farmId: number): Promise<{ id: number; farmName: string }> {
  const farm = await visibleFarm(scope, farmId);
  await assertWholeFarms(scope, [farm.id]);
  return farm;
}

/** The accounts of the tenant that work on the farm: its administrators and those assigned to it. */
function peopleOf(db: DbOrTx, tenantId: number, farmId: number, more?: SQL) {
  return db
    .selectDistinct({ id: accounts.id, name: accounts.accountName, email: accounts.email, phoneNo: accounts.phoneNo })
    .from(accounts)
    .leftJoin(accountFarms, and(eq(accountFarms.accountId, accounts.id), eq(accountFarms.farmId, farmId)))
    .where(
      and(eq(accounts.tenantId, tenantId), or(eq(accounts.accountType, AccountType.TENANT_ADMIN), eq(accountFarms.farmId, farmId)), more),
    );
}

/** Those of `ids` who work on the farm, in the order given. */
export async function farmPeople(db: DbOrTx, tenantId: number, farmId: number, ids: readonly number[]): Promise<PushPerson[]> {
  if (ids.length === 0) return [];
  const rows = await peopleOf(db, tenantId, farmId, inArray(accounts.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

/** The strategy's people picker: everyone `farmPeople` accepts for a farm the caller may configure, by name. */
export async function farmPeopleList(db: Db, scope: Scope, farmId: number): Promise<PushPerson[]> {
  const farm = await writableFarm(scope, farmId);
  const rows = await peopleOf(db, tenantIdOf(scope), farm.id);
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Every person must be one of the farm's (99996 on `accountIds` otherwise, whatever the reason). */
async function checkPeople(db: Db, tenantId: number, farmId: number, ids: readonly number[]): Promise<void> {
  const found = await farmPeople(db, tenantId, farmId, ids);
  if (found.length !== ids.length) throw paramError('accountIds', 'validation.invalid');
}

function strategyColumns(body: PushStrategyAddBody) {
  return {
    name: body.name,
    levels: [...new Set(body.levels)].sort(),
    kinds: [...new Set(body.kinds)],
    properties: [...new Set(body.properties)],
    accountIds: body.accountIds,
    extraEmails: body.extraEmails,
    language: body.language,
    methods: body.methods,
    intervalMinutes: body.intervalMinutes,
    sendDelaySec: body.sendDelaySec,
    enabled: body.enabled,
  };
}

async function presentStrategies(db: DbOrTx, rows: { s: StrategyRecord; farmName: string }[]): Promise<PushStrategyRow[]> {
  const out: PushStrategyRow[] = [];
  for (const { s, farmName } of rows) {
    out.push({
      id: s.id,
      farmId: s.farmId,
      farmName,
      name: s.name,
      levels: s.levels,
      kinds: s.kinds,
      properties: s.properties,
      // An account since removed from the farm drops out of the list (and of the messages).
      people: await farmPeople(db, s.tenantId, s.farmId, s.accountIds),
      extraEmails: s.extraEmails,
      language: s.language as Locale,
      methods: s.methods,
      intervalMinutes: s.intervalMinutes,
      sendDelaySec: s.sendDelaySec,
      enabled: s.enabled,
      updatedAt: s.updatedAt.getTime(),
    });
  }
  return out;
}

export async function strategyPage(db: Db, scope: Scope, q: PushConfigPageQuery): Promise<Page<PushStrategyRow>> {
  const conds = await farmRowConditions(scope, pushStrategies, q.farmId);
  const { total, rows } = await readPage(db, pushStrategies, and(...conds), q, (where) =>
    db
      .select({ s: pushStrategies, farmName: farms.farmName })
      .from(pushStrategies)
      .innerJoin(farms, eq(farms.id, pushStrategies.farmId))
      .where(where)
      .orderBy(asc(farms.farmName), asc(pushStrategies.id))
      .$dynamic(),
  );
  return pageAnswer(q, total, await presentStrategies(db, rows));
}

export async function strategyDetail(db: Db, scope: Scope, id: number): Promise<PushStrategyRow> {
  const s = await visibleStrategy(db, scope, id);
  const [farm] = await db.select({ farmName: farms.farmName }).from(farms).where(eq(farms.id, s.farmId));
  const [row] = await presentStrategies(db, [{ s, farmName: farm?.farmName ?? '' }]);
  return row!;
}

export async function addStrategy(db: Db, scope: Scope, body: PushStrategyAddBody): Promise<{ id: number }> {
  const farm = await writableFarm(scope, body.farmId);
  const tenantId = tenantIdOf(scope);
  const [dup] = await db.select({ id: pushStrategies.id }).from(pushStrategies).where(eq(pushStrategies.farmId, farm.id));
  if (dup) throw exists();
  await checkPeople(db, tenantId, farm.id, body.accountIds);
  try {
    const [row] = await db
      .insert(pushStrategies)
      .values({ tenantId, farmId: farm.id, ...strategyColumns(body), ...addedBy(scope) })
      .returning({ id: pushStrategies.id });
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

export async function updateStrategy(db: Db, scope: Scope, body: PushStrategyUpdateBody): Promise<{ id: number }> {
  const s = await visibleStrategy(db, scope, body.id);
  if (body.farmId !== undefined && body.farmId !== s.farmId) throw paramError('farmId', 'validation.invalid');
  await writableFarm(scope, s.farmId);
  await checkPeople(db, s.tenantId, s.farmId, body.accountIds);
  await db
    .update(pushStrategies)
    .set({ ...strategyColumns({ ...body, farmId: s.farmId }), ...changedBy(scope) })
    .where(eq(pushStrategies.id, s.id));
  return { id: s.id };
}

export async function removeStrategy(db: Db, scope: Scope, id: number): Promise<void> {
  const s = await visibleStrategy(db, scope, id);
  await writableFarm(scope, s.farmId);
  await db.delete(pushStrategies).where(eq(pushStrategies.id, s.id));
}

function presentPhone(p: PhoneRecord, farmName: string): PhoneConfigRow {
  return {
    id: p.id,
    farmId: p.farmId,
    farmName,
    callers: byPriority(p.callers),
    callees: byPriority(p.callees),
    templateId: p.templateId,
    templateContent: p.templateContent,
    language: p.language as Locale,
    intervalMinutes: p.intervalMinutes,
    enabled: p.enabled,
    updatedAt: p.updatedAt.getTime(),
  };
}

function phoneColumns(body: PhoneConfigAddBody) {
  return {
    callers: byPriority(body.callers),
    callees: byPriority(body.callees),
    templateId: body.templateId ?? null,
    templateContent: body.templateContent,
    language: body.language,
    intervalMinutes: body.intervalMinutes,
    enabled: body.enabled,
  };
}

export async function phonePage(db: Db, scope: Scope, q: PushConfigPageQuery): Promise<Page<PhoneConfigRow>> {
  const conds = await farmRowConditions(scope, pushPhoneConfigs, q.farmId);
  const { total, rows } = await readPage(db, pushPhoneConfigs, and(...conds), q, (where) =>
    db
      .select({ p: pushPhoneConfigs, farmName: farms.farmName })
      .from(pushPhoneConfigs)
      .innerJoin(farms, eq(farms.id, pushPhoneConfigs.farmId))
      .where(where)
      .orderBy(asc(farms.farmName), asc(pushPhoneConfigs.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map(({ p, farmName }) => presentPhone(p, farmName)),
  );
}

export async function phoneDetail(db: Db, scope: Scope, id: number): Promise<PhoneConfigRow> {
  const p = await visiblePhone(db, scope, id);
  const [farm] = await db.select({ farmName: farms.farmName }).from(farms).where(eq(farms.id, p.farmId));
  return presentPhone(p, farm?.farmName ?? '');
}

export async function addPhone(db: Db, scope: Scope, body: PhoneConfigAddBody): Promise<{ id: number }> {
  const farm = await writableFarm(scope, body.farmId);
  const [dup] = await db.select({ id: pushPhoneConfigs.id }).from(pushPhoneConfigs).where(eq(pushPhoneConfigs.farmId, farm.id));
  if (dup) throw exists();
  try {
    const [row] = await db
      .insert(pushPhoneConfigs)
      .values({ tenantId: tenantIdOf(scope), farmId: farm.id, ...phoneColumns(body), ...addedBy(scope) })
      .returning({ id: pushPhoneConfigs.id });
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

export async function updatePhone(db: Db, scope: Scope, body: PhoneConfigUpdateBody): Promise<{ id: number }> {
  const p = await visiblePhone(db, scope, body.id);
  if (body.farmId !== undefined && body.farmId !== p.farmId) throw paramError('farmId', 'validation.invalid');
  await writableFarm(scope, p.farmId);
  await db
    .update(pushPhoneConfigs)
    .set({ ...phoneColumns({ ...body, farmId: p.farmId }), ...changedBy(scope) })
    .where(eq(pushPhoneConfigs.id, p.id));
  return { id: p.id };
}

export async function removePhone(db: Db, scope: Scope, id: number): Promise<void> {
  const p = await visiblePhone(db, scope, id);
  await writableFarm(scope, p.farmId);
  await db.delete(pushPhoneConfigs).where(eq(pushPhoneConfigs.id, p.id));
}
