import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  COMMAND_PROPERTY,
  OFFLINE_PROPERTY,
  shedTypeAllowed,
  stageProblem,
  type AlarmOperator,
  type AlarmRuleAddBody,
  type AlarmRulePageQuery,
  type AlarmRuleRow,
  type AlarmRuleUpdateBody,
  type LimitKind,
  type Page,
  type RateDirection,
  type RuleGroupAddBody,
  type RuleGroupPageQuery,
  type RuleGroupRow,
  type RuleGroupUpdateBody,
  type RuleKind,
} from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { farms } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import { rowExists } from '../../lib/row-exists.js';
import type { DbOrTx } from '../../lib/limits.js';
import { farmRowConditions, refusal, tenantIdOf, visibleFarm, visibleRow, type Scope } from '../../scope/index.js';
import type { LiveHub } from '../../iot/live.js';
import { alarmEvent } from './stored.js';
import { alarmConditions, alarmRuleGroups, alarmRules, alarmRuleStages, alarms } from './tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Rule groups and rules (/warningmanagement/warningconfiguration). A group or rule of a farm the
 * caller does not see is 30001, like one that does not exist. Disabling or deleting a rule (or
 * its group) ends its active alarms: nothing watches them any more.
 */
type GroupRow = typeof alarmRuleGroups.$inferSelect;
type RuleRow = typeof alarmRules.$inferSelect;
type AlarmRecord = typeof alarms.$inferSelect;

const nameTaken = (): AppError => new AppError(ErrorCodes.NAME_EXISTS, { data: { field: 'name' } });

async function visibleGroup(db: DbOrTx, scope: Scope, id: number): Promise<GroupRow> {
  return visibleRow(db, scope, alarmRuleGroups, id, { refused: 'alarm rule group' });
}

async function visibleRule(db: DbOrTx, scope: Scope, id: number): Promise<RuleRow> {
  return visibleRow(db, scope, alarmRules, id, { refused: 'alarm rule' });
}

/** Ends the active alarms of these rules (disabled or deleted) and forgets their pending breaches; returns the ended ones. */
async function endRuleAlarms(tx: Tx, ruleIds: number[], accountId: number): Promise<AlarmRecord[]> {
  if (ruleIds.length === 0) return [];
  const now = new Date();
  const ended = await tx
    .update(alarms)
    .set({ active: false, endedAt: now, clearedBy: accountId, updatedAt: now })
    .where(and(inArray(alarms.ruleId, ruleIds), eq(alarms.active, true)))
    .returning();
  await tx.delete(alarmConditions).where(inArray(alarmConditions.ruleId, ruleIds));
  return ended;
}

/** Open screens learn of the alarms a rule change ended (after the commit). */
function announce(live: LiveHub, ended: AlarmRecord[]): void {
  for (const a of ended) live.publishAlarm(alarmEvent(a, 'cleared'));
}

export async function groupPage(db: Db, scope: Scope, q: RuleGroupPageQuery): Promise<Page<RuleGroupRow>> {
  const conds = await farmRowConditions(scope, alarmRuleGroups, q.farmId);
  if (q.shedType !== undefined) conds.push(eq(alarmRuleGroups.shedType, q.shedType));
  const { total, rows } = await readPage(db, alarmRuleGroups, and(...conds), q, (where) =>
    db
      .select({ g: alarmRuleGroups, farmName: farms.farmName, ruleCount: count(alarmRules.id) })
      .from(alarmRuleGroups)
      .innerJoin(farms, eq(farms.id, alarmRuleGroups.farmId))
      .leftJoin(alarmRules, eq(alarmRules.groupId, alarmRuleGroups.id))
      .where(where)
      .groupBy(alarmRuleGroups.id, farms.farmName)
      .orderBy(asc(farms.farmName), asc(alarmRuleGroups.shedType), asc(alarmRuleGroups.name), asc(alarmRuleGroups.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map(({ g, farmName, ruleCount }) => ({
      id: g.id,
      farmId: g.farmId,
      farmName,
      shedType: g.shedType,
      name: g.name,
      enabled: g.enabled,
      remark: g.remark,
      ruleCount,
      updatedAt: g.updatedAt.getTime(),
    })),
  );
}

async function assertGroupNameFree(db: DbOrTx, farmId: number, name: string, exceptId?: number): Promise<void> {
  if (await rowExists(db, alarmRuleGroups.id, [eq(alarmRuleGroups.farmId, farmId), eq(alarmRuleGroups.name, name)], exceptId))
    throw nameTaken();
}

const raced = lostRace({ alarm_rule_groups_farm_name_uq: nameTaken });

export async function addGroup(db: Db, scope: Scope, body: RuleGroupAddBody): Promise<{ id: number }> {
  const farm = await visibleFarm(scope, body.farmId);
  // A pig house type in a poultry farm (or the reverse) has no sheds to watch: 20023 as for sheds.
  if (!shedTypeAllowed(farm.type, body.shedType)) throw new AppError(ErrorCodes.PEN_TYPE_ERROR, { data: { field: 'shedType' } });
  await assertGroupNameFree(db, farm.id, body.name);
  try {
    const [row] = await db
      .insert(alarmRuleGroups)
      .values({
        tenantId: tenantIdOf(scope),
        farmId: farm.id,
        shedType: body.shedType,
        name: body.name,
        enabled: body.enabled,
        remark: body.remark ?? null,
        ...addedBy(scope),
      })
      .returning({ id: alarmRuleGroups.id });
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

/** Ends the active alarms of a group's rules. */
async function endGroupAlarms(tx: Tx, groupId: number, accountId: number): Promise<AlarmRecord[]> {
  const rules = await tx.select({ id: alarmRules.id }).from(alarmRules).where(eq(alarmRules.groupId, groupId));
  return endRuleAlarms(
    tx,
    rules.map((r) => r.id),
    accountId,
  );
}

export async function updateGroup(db: Db, live: LiveHub, scope: Scope, body: RuleGroupUpdateBody): Promise<{ id: number }> {
  const group = await visibleGroup(db, scope, body.id);
  await assertGroupNameFree(db, group.farmId, body.name, group.id);
  try {
    const ended = await db.transaction(async (tx) => {
      await tx
        .update(alarmRuleGroups)
        .set({ name: body.name, enabled: body.enabled, remark: body.remark ?? null, ...changedBy(scope) })
        .where(eq(alarmRuleGroups.id, group.id));
      return body.enabled ? [] : endGroupAlarms(tx, group.id, scope.id);
    });
    announce(live, ended);
  } catch (err) {
    raced(err);
  }
  return { id: group.id };
}

export async function removeGroup(db: Db, live: LiveHub, scope: Scope, id: number): Promise<void> {
  const group = await visibleGroup(db, scope, id);
  const ended = await db.transaction(async (tx) => {
    const alarmsEnded = await endGroupAlarms(tx, group.id, scope.id);
    await tx.delete(alarmRuleGroups).where(eq(alarmRuleGroups.id, group.id));
    return alarmsEnded;
  });
  announce(live, ended);
}

/** The rule rows of the contract, stages in day order. */
async function present(db: DbOrTx, rules: (RuleRow & { groupName: string })[]): Promise<AlarmRuleRow[]> {
  const ids = rules.map((r) => r.id);
  const stages =
    ids.length === 0
      ? []
      : await db.select().from(alarmRuleStages).where(inArray(alarmRuleStages.ruleId, ids)).orderBy(asc(alarmRuleStages.fromDay));
  return rules.map((r) => ({
    id: r.id,
    groupId: r.groupId,
    groupName: r.groupName,
    farmId: r.farmId,
    shedType: r.shedType,
    name: r.name,
    kind: r.kind as RuleKind,
    property: r.property,
    operator: r.operator as AlarmOperator | null,
    level: r.level,
    message: r.message,
    enabled: r.enabled,
    durationSec: r.durationSec,
    deadband: r.deadband,
    noDataMinutes: r.noDataMinutes,
    direction: r.rateDirection as RateDirection | null,
    rateAmount: r.rateAmount,
    windowMinutes: r.windowMinutes,
    stages: stages
      .filter((s) => s.ruleId === r.id)
      .map((s) => ({ fromDay: s.fromDay, toDay: s.toDay, limitKind: s.limitKind as LimitKind, low: s.low, high: s.high })),
    updatedAt: r.updatedAt.getTime(),
  }));
}

export async function rulePage(db: Db, scope: Scope, q: AlarmRulePageQuery): Promise<Page<AlarmRuleRow>> {
  const conds = await farmRowConditions(scope, alarmRules, q.farmId);
  if (q.groupId) conds.push(eq(alarmRules.groupId, (await visibleGroup(db, scope, q.groupId)).id));
  if (q.shedType !== undefined) conds.push(eq(alarmRules.shedType, q.shedType));
  if (q.level !== undefined) conds.push(eq(alarmRules.level, q.level));
  if (q.kind) conds.push(eq(alarmRules.kind, q.kind));
  const { total, rows } = await readPage(db, alarmRules, and(...conds), q, (where) =>
    db
      .select({ r: alarmRules, groupName: alarmRuleGroups.name })
      .from(alarmRules)
      .innerJoin(alarmRuleGroups, eq(alarmRuleGroups.id, alarmRules.groupId))
      .where(where)
      .orderBy(asc(alarmRuleGroups.name), asc(alarmRules.level), asc(alarmRules.name), asc(alarmRules.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    await present(
      db,
      rows.map(({ r, groupName }) => ({ ...r, groupName })),
    ),
  );
}

export async function ruleDetail(db: Db, scope: Scope, id: number): Promise<AlarmRuleRow> {
  const rule = await visibleRule(db, scope, id);
  const [group] = await db.select({ name: alarmRuleGroups.name }).from(alarmRuleGroups).where(eq(alarmRuleGroups.id, rule.groupId));
  const [row] = await present(db, [{ ...rule, groupName: group?.name ?? '' }]);
  return row!;
}

/** The columns of a rule body, whatever its kind (fields of other kinds null). */
function ruleColumns(body: AlarmRuleAddBody): Omit<typeof alarmRules.$inferInsert, 'tenantId' | 'farmId' | 'groupId' | 'shedType'> {
  const base = {
    name: body.name,
    kind: body.kind,
    level: body.level,
    message: body.message,
    enabled: body.enabled,
    rateDirection: null,
    rateAmount: null,
    windowMinutes: null,
  };
  switch (body.kind) {
    case 'threshold':
      return {
        ...base,
        property: body.property,
        operator: body.operator,
        durationSec: body.durationSec,
        deadband: body.deadband,
        noDataMinutes: null,
      };
    case 'noData':
      return { ...base, property: body.property, operator: null, durationSec: 0, deadband: 0, noDataMinutes: body.noDataMinutes };
    case 'offline':
      return { ...base, property: OFFLINE_PROPERTY, operator: null, durationSec: body.durationSec, deadband: 0, noDataMinutes: null };
    case 'rateOfChange':
      return {
        ...base,
        property: body.property,
        operator: null,
        durationSec: body.durationSec,
        deadband: body.deadband,
        noDataMinutes: null,
        rateDirection: body.direction,
        rateAmount: body.rateAmount,
        windowMinutes: body.windowMinutes,
      };
    case 'commandFailed':
      return { ...base, property: COMMAND_PROPERTY, operator: null, durationSec: 0, deadband: 0, noDataMinutes: null };
  }
}

function checkStages(body: AlarmRuleAddBody): void {
  if (body.kind !== 'threshold') return;
  const problem = stageProblem(body.stages);
  if (problem) throw new AppError(problem.code, { data: { field: 'stages', index: problem.index } });
}

async function writeStages(tx: Tx, tenantId: number, ruleId: number, body: AlarmRuleAddBody): Promise<void> {
  await tx.delete(alarmRuleStages).where(eq(alarmRuleStages.ruleId, ruleId));
  if (body.kind !== 'threshold') return;
  await tx.insert(alarmRuleStages).values(body.stages.map((s) => ({ tenantId, ruleId, ...s })));
}

export async function addRule(db: Db, scope: Scope, body: AlarmRuleAddBody): Promise<{ id: number }> {
  const group = await visibleGroup(db, scope, body.groupId);
  checkStages(body);
  const tenantId = tenantIdOf(scope);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alarmRules)
      .values({
        tenantId,
        farmId: group.farmId,
        groupId: group.id,
        shedType: group.shedType,
        ...ruleColumns(body),
        ...addedBy(scope),
      })
      .returning({ id: alarmRules.id });
    await writeStages(tx, tenantId, row!.id, body);
    return { id: row!.id };
  });
}

/** Replaces a rule; pending breaches start over under the new limits, a disabled rule ends its alarms. */
export async function updateRule(db: Db, live: LiveHub, scope: Scope, body: AlarmRuleUpdateBody): Promise<{ id: number }> {
  const rule = await visibleRule(db, scope, body.id);
  const group = await visibleGroup(db, scope, body.groupId);
  // Moving a rule between groups keeps it in its farm: the farm is where its alarms belong.
  if (group.farmId !== rule.farmId) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'alarm rule group', id: group.id });
  checkStages(body);
  const ended = await db.transaction(async (tx) => {
    await tx
      .update(alarmRules)
      .set({ groupId: group.id, shedType: group.shedType, ...ruleColumns(body), ...changedBy(scope) })
      .where(eq(alarmRules.id, rule.id));
    await writeStages(tx, tenantIdOf(scope), rule.id, body);
    if (!body.enabled || body.kind !== rule.kind) return endRuleAlarms(tx, [rule.id], scope.id);
    await tx.delete(alarmConditions).where(eq(alarmConditions.ruleId, rule.id));
    return [];
  });
  announce(live, ended);
  return { id: rule.id };
}

export async function removeRule(db: Db, live: LiveHub, scope: Scope, id: number): Promise<void> {
  const rule = await visibleRule(db, scope, id);
  const ended = await db.transaction(async (tx) => {
    const alarmsEnded = await endRuleAlarms(tx, [rule.id], scope.id);
    await tx.delete(alarmRules).where(eq(alarmRules.id, rule.id));
    return alarmsEnded;
  });
  announce(live, ended);
}
