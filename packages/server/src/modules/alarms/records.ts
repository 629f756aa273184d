import { aliasedTable, and, count, desc, eq, gt, gte, inArray, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  SHELVE_MAX_DAYS,
  type AlarmAckBody,
  type AlarmClearBody,
  type AlarmCount,
  type AlarmPageQuery,
  type AlarmRow,
  type AlarmShelveBody,
  type Page,
  type AlarmKind,
  DAY_MS,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import type { LiveHub } from '../../iot/live.js';
import { paramError } from '../../lib/param-error.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleRow, visibleShed, type Scope } from '../../scope/index.js';
import { alarmEvent } from './stored.js';
import { alarms } from './tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Alarm records (/warningmanagement/warningrecord): the list with filters derived from the two
 * flags, the bell count, acknowledge, clear by hand and shelve. An alarm of a shed the caller does
 * not see is 30001, like one that does not exist. Every change goes to the live stream.
 */
type AlarmRecord = typeof alarms.$inferSelect;

async function visibleAlarm(db: Db, scope: Scope, id: number): Promise<AlarmRecord> {
  return visibleRow(db, scope, alarms, id, { refused: 'alarm', within: 'shed' });
}

export function stateOf(a: { active: boolean; acknowledged: boolean }): AlarmRow['state'] {
  if (a.active) return a.acknowledged ? 'activeAcknowledged' : 'activeUnacknowledged';
  return a.acknowledged ? 'cleared' : 'clearedUnacknowledged';
}

function stateCondition(state: AlarmPageQuery['state']): SQL | undefined {
  switch (state) {
    case 'active':
      return eq(alarms.active, true);
    case 'cleared':
      return eq(alarms.active, false);
    case 'unacknowledged':
      return eq(alarms.acknowledged, false);
    case 'activeUnacknowledged':
      return and(eq(alarms.active, true), eq(alarms.acknowledged, false));
    case 'activeAcknowledged':
      return and(eq(alarms.active, true), eq(alarms.acknowledged, true));
    case 'clearedUnacknowledged':
      return and(eq(alarms.active, false), eq(alarms.acknowledged, false));
    case undefined:
      return undefined;
  }
}

const ackAccount = aliasedTable(accounts, 'ack_account');
const clearAccount = aliasedTable(accounts, 'clear_account');

export async function alarmPage(db: Db, scope: Scope, q: AlarmPageQuery): Promise<Page<AlarmRow>> {
  refuseEndBeforeStart(q.startTime, q.endTime, { emptyAllowed: true, field: 'endTime' });
  const conds: (SQL | undefined)[] = [eq(alarms.tenantId, tenantIdOf(scope)), shedCondition(scope, alarms.farmId, alarms.shedId)];
  if (q.farmId) conds.push(eq(alarms.farmId, (await visibleFarm(scope, q.farmId)).id));
  if (q.shedId) conds.push(eq(alarms.shedId, (await visibleShed(scope, q.shedId, q.farmId ? { farmId: q.farmId } : {})).id));
  if (q.level !== undefined) conds.push(eq(alarms.level, q.level));
  if (q.kind) conds.push(eq(alarms.kind, q.kind));
  // `temp` is every temperature key; the property's characters are letters, digits and a dot.
  if (q.property)
    conds.push(q.property.includes('.') ? eq(alarms.key, q.property) : or(eq(alarms.key, q.property), like(alarms.key, `${q.property}.%`)));
  conds.push(stateCondition(q.state));
  if (q.shelved === true) conds.push(gt(alarms.shelvedUntil, sql`now()`));
  if (q.shelved === false) conds.push(or(isNull(alarms.shelvedUntil), lte(alarms.shelvedUntil, sql`now()`)));
  if (q.startTime) conds.push(gte(alarms.startedAt, q.startTime));
  if (q.endTime) conds.push(lt(alarms.startedAt, q.endTime));
  const { total, rows } = await readPage(db, alarms, and(...conds), q, (where) =>
    joinPlaces(
      db
        .select({ a: alarms, ...placeNames, ackByName: ackAccount.accountName, clearedByName: clearAccount.accountName })
        .from(alarms)
        .$dynamic(),
      alarms,
    )
      .leftJoin(ackAccount, eq(ackAccount.id, alarms.ackBy))
      .leftJoin(clearAccount, eq(clearAccount.id, alarms.clearedBy))
      .where(where)
      .orderBy(desc(alarms.startedAt), desc(alarms.id))
      .$dynamic(),
  );
  const now = Date.now();
  const ms = (d: Date | null): number | null => (d ? d.getTime() : null);
  return pageAnswer(
    q,
    total,
    rows.map(({ a, farmName, shedName, ackByName, clearedByName }) => ({
      id: a.id,
      farmId: a.farmId,
      farmName,
      shedId: a.shedId,
      shedName,
      gatewayId: a.gatewayId,
      gatewayCode: a.gatewayCode,
      ruleId: a.ruleId,
      ruleName: a.ruleName,
      kind: a.kind as AlarmKind,
      key: a.key,
      level: a.level,
      message: a.message,
      active: a.active,
      acknowledged: a.acknowledged,
      state: stateOf(a),
      startedAt: a.startedAt.getTime(),
      endedAt: ms(a.endedAt),
      durationSec: Math.max(0, Math.round(((a.endedAt?.getTime() ?? now) - a.startedAt.getTime()) / 1000)),
      value: a.value,
      peak: a.peak,
      low: a.low,
      high: a.high,
      dayAge: a.dayAge,
      readingTs: ms(a.readingTs),
      ackBy: a.ackBy,
      ackByName,
      ackAt: ms(a.ackAt),
      ackComment: a.ackComment,
      clearedBy: a.clearedBy,
      clearedByName,
      shelvedUntil: ms(a.shelvedUntil),
    })),
  );
}

/** The bell: active, unacknowledged and not shelved, per level. */
export async function alarmCount(db: Db, scope: Scope, q: { farmId?: number | undefined }): Promise<AlarmCount> {
  const conds: (SQL | undefined)[] = [
    eq(alarms.tenantId, tenantIdOf(scope)),
    shedCondition(scope, alarms.farmId, alarms.shedId),
    eq(alarms.active, true),
    eq(alarms.acknowledged, false),
    or(isNull(alarms.shelvedUntil), lte(alarms.shelvedUntil, sql`now()`)),
  ];
  if (q.farmId) conds.push(eq(alarms.farmId, (await visibleFarm(scope, q.farmId)).id));
  const rows = await db
    .select({ level: alarms.level, n: count() })
    .from(alarms)
    .where(and(...conds))
    .groupBy(alarms.level);
  const of = (level: number): number => rows.find((r) => r.level === level)?.n ?? 0;
  return { total: of(1) + of(2) + of(3), high: of(1), medium: of(2), low: of(3) };
}

/** Acknowledges the alarms not yet acknowledged; every id must be one the caller sees (else 30001, nothing changes). */
export async function ackAlarms(db: Db, live: LiveHub, scope: Scope, body: AlarmAckBody): Promise<{ acknowledged: number }> {
  const ids = [...new Set(body.ids)];
  for (const id of ids) await visibleAlarm(db, scope, id);
  const now = new Date();
  const changed = await db
    .update(alarms)
    .set({ acknowledged: true, ackBy: scope.id, ackAt: now, ackComment: body.comment ?? null, updatedAt: now })
    .where(and(inArray(alarms.id, ids), eq(alarms.tenantId, tenantIdOf(scope)), eq(alarms.acknowledged, false)))
    .returning();
  for (const a of changed) live.publishAlarm(alarmEvent(a, 'acknowledged'));
  return { acknowledged: changed.length };
}

/** Ends an active alarm by hand (21018 when it is no longer active). */
export async function clearAlarm(db: Db, live: LiveHub, scope: Scope, body: AlarmClearBody): Promise<void> {
  const alarm = await visibleAlarm(db, scope, body.id);
  const now = new Date();
  const [row] = await db
    .update(alarms)
    .set({ active: false, endedAt: now, clearedBy: scope.id, clearComment: body.comment ?? null, updatedAt: now })
    .where(and(eq(alarms.id, alarm.id), eq(alarms.active, true)))
    .returning();
  if (!row) throw new AppError(ErrorCodes.ALARM_NOT_ACTIVE);
  live.publishAlarm(alarmEvent(row, 'cleared'));
}

/** Shelves an alarm (maintenance) until a future moment at most 30 days ahead; null ends it. */
export async function shelveAlarm(db: Db, live: LiveHub, scope: Scope, body: AlarmShelveBody): Promise<void> {
  const alarm = await visibleAlarm(db, scope, body.id);
  const now = Date.now();
  if (body.until && (body.until.getTime() <= now || body.until.getTime() > now + SHELVE_MAX_DAYS * DAY_MS)) {
    throw paramError('until', 'validation.invalid');
  }
  const [row] = await db
    .update(alarms)
    .set({ shelvedUntil: body.until, shelvedBy: body.until ? scope.id : null, updatedAt: new Date() })
    .where(eq(alarms.id, alarm.id))
    .returning();
  live.publishAlarm(alarmEvent(row!, 'shelved'));
}
