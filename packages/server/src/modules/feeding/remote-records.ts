import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  CODE_KINDS,
  COMMAND_STATUSES,
  FEED_REMOTE_OPS,
  type FeedNowRecordRow,
  type FeedNowRecordsQuery,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { controlCommands, controlOptionLogs, pens, sheds } from '../../db/tables.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { FEED_DEVICE_GROUP } from './remote.js';

/**
 * The feed-now record (/accurate-feeding/records/feed-immediate): every feed-now command of a farm's
 * houses the account sees, with who sent it (its option-log entry), the feeder, pen and house, the
 * amount and the device's answer (synced, pending, failed, expired), newest first, paged in SQL.
 * The feeder is named by the command's payload; one deleted since shows without its place.
 */
const feederIdOf = sql<number>`(${controlCommands.payload}->>'deviceId')::int`;

export async function feedNowRecords(db: Db, scope: Scope, q: FeedNowRecordsQuery): Promise<Page<FeedNowRecordRow>> {
  const farm = await visibleFarm(scope, q.farmId, { db });
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: farm.id });
  const conds: (SQL | undefined)[] = [
    eq(controlCommands.tenantId, tenantIdOf(scope)),
    eq(controlCommands.farmId, farm.id),
    eq(controlCommands.grp, FEED_DEVICE_GROUP),
    eq(controlCommands.op, FEED_REMOTE_OPS.feedNow),
    shedCondition(scope, controlCommands.farmId, controlCommands.shedId),
    q.shedId ? eq(controlCommands.shedId, q.shedId) : undefined,
    q.feederId ? sql`${controlCommands.payload}->>'deviceId' = ${String(q.feederId)}` : undefined,
    q.penId ? eq(feedDevices.penId, q.penId) : undefined,
    q.status ? eq(controlCommands.status, q.status) : undefined,
    q.startTime ? gte(controlCommands.createdAt, q.startTime) : undefined,
    q.endTime ? lte(controlCommands.createdAt, q.endTime) : undefined,
  ];
  const where = and(...conds);
  const feederJoin = and(eq(feedDevices.id, feederIdOf), eq(feedDevices.tenantId, controlCommands.tenantId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: controlCommands,
        accountName: controlOptionLogs.accountName,
        codeKind: controlOptionLogs.codeKind,
        feederId: feedDevices.id,
        feederNo: feedDevices.deviceNo,
        feederName: feedDevices.name,
        penId: pens.id,
        penColumn: pens.fieldColumn,
        penRow: pens.field,
        shedName: sheds.shedName,
      })
      .from(controlCommands)
      .leftJoin(controlOptionLogs, eq(controlOptionLogs.commandId, controlCommands.id))
      .leftJoin(feedDevices, feederJoin)
      .leftJoin(pens, eq(pens.id, feedDevices.penId))
      .leftJoin(sheds, eq(sheds.id, controlCommands.shedId))
      .where(where)
      .orderBy(desc(controlCommands.createdAt), desc(controlCommands.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(controlCommands).leftJoin(feedDevices, feederJoin).where(where),
  ]);
  const list: FeedNowRecordRow[] = rows.map((r) => {
    const payload = new Map(Object.entries(typeof r.c.payload === 'object' && r.c.payload !== null ? r.c.payload : {}));
    return {
      commandId: r.c.id,
      createdAt: r.c.createdAt.getTime(),
      accountName: r.accountName,
      codeKind: CODE_KINDS.find((k) => k === r.codeKind) ?? null,
      feederId: r.feederId,
      feederNo: r.feederNo,
      feederName: r.feederName,
      penId: r.penId,
      penColumn: r.penColumn,
      penRow: r.penRow,
      shedId: r.c.shedId,
      shedName: r.shedName,
      grams: Number(payload.get('grams') ?? 0),
      status: COMMAND_STATUSES.find((s) => s === r.c.status) ?? 'pending',
      ackMsg: r.c.ackMsg,
      ackedAt: r.c.ackedAt ? r.c.ackedAt.getTime() : null,
    };
  });
  return { list, total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}
