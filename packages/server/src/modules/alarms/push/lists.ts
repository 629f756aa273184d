import { and, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import {
  type Page,
  type PushEmailPageQuery,
  type PushMessageRow,
  type PushOutcome,
  type PushPhonePageQuery,
  type PushStatus,
} from '@farmsense/shared';
import type { Db } from '../../../db/client.js';
import { joinPlaces, placeNames } from '../../../lib/places.js';
import { containsText } from '../../../lib/text-search.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../../scope/index.js';
import { pushEpisodes, pushMessages } from './tables.js';
import { pageAnswer, readPage } from '../../../lib/paging.js';
import { refuseEndBeforeStart } from '../../../lib/time-order.js';

/**
 * The push lists (/pushmanagement/pushlist and pushlist-phone): the outbox's messages of the
 * sheds the caller sees, newest first, with how their notification ended.
 */
type Query = PushEmailPageQuery & { method?: 'sms' | 'voice' | undefined };

async function messagePage(db: Db, scope: Scope, q: Query, methods: ('email' | 'sms' | 'voice')[]): Promise<Page<PushMessageRow>> {
  refuseEndBeforeStart(q.startTime, q.endTime, { emptyAllowed: true, field: 'endTime' });
  const conds: (SQL | undefined)[] = [
    eq(pushMessages.tenantId, tenantIdOf(scope)),
    shedCondition(scope, pushMessages.farmId, pushMessages.shedId),
    inArray(pushMessages.method, q.method ? [q.method] : methods),
  ];
  if (q.farmId) conds.push(eq(pushMessages.farmId, (await visibleFarm(scope, q.farmId)).id));
  if (q.shedId) conds.push(eq(pushMessages.shedId, (await visibleShed(scope, q.shedId, q.farmId ? { farmId: q.farmId } : {})).id));
  if (q.status) conds.push(eq(pushMessages.status, q.status));
  if (q.recipient) conds.push(containsText(q.recipient, pushMessages.recipient, pushMessages.recipientName));
  if (q.startTime) conds.push(gte(pushMessages.createdAt, q.startTime));
  if (q.endTime) conds.push(lte(pushMessages.createdAt, q.endTime));
  const { total, rows } = await readPage(db, pushMessages, and(...conds), q, (where) =>
    joinPlaces(
      db
        .select({ m: pushMessages, ...placeNames, outcome: pushEpisodes.outcome, ackVia: pushEpisodes.ackVia })
        .from(pushMessages)
        .$dynamic(),
      pushMessages,
    )
      .innerJoin(pushEpisodes, eq(pushEpisodes.id, pushMessages.episodeId))
      .where(where)
      .orderBy(desc(pushMessages.createdAt), desc(pushMessages.id))
      .$dynamic(),
  );
  const ms = (d: Date | null): number | null => (d ? d.getTime() : null);
  return pageAnswer(
    q,
    total,
    rows.map(({ m, farmName, shedName, outcome, ackVia }) => ({
      id: m.id,
      farmId: m.farmId,
      farmName,
      shedId: m.shedId,
      shedName,
      method: m.method,
      channel: m.channel as PushMessageRow['channel'],
      recipient: m.recipient,
      recipientName: m.recipientName,
      round: m.round,
      alarmIds: m.alarmIds,
      subject: m.subject,
      body: m.body,
      status: m.status as PushStatus,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.getTime(),
      sentAt: ms(m.sentAt),
      nextAttemptAt: ms(m.nextAttemptAt),
      outcome: outcome as PushOutcome,
      ackVia,
    })),
  );
}

export const emailPage = (db: Db, scope: Scope, q: PushEmailPageQuery) => messagePage(db, scope, q, ['email']);
export const phoneMessagePage = (db: Db, scope: Scope, q: PushPhonePageQuery) => messagePage(db, scope, q, ['sms', 'voice']);
