import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, ErrorCodes, type LiveAlarm, type PushAckAnswer } from '@farmsense/shared';
import type { Db } from '../../../db/client.js';
import { farms, sheds } from '../../../db/tables.js';
import { alarmEvent } from '../stored.js';
import { alarms } from '../tables.js';
import { tokenHash } from './tokens.js';
import { pushAckTokens, pushEpisodes, pushMessages } from './tables.js';

/**
 * Acknowledging from a message (the link of an e-mail or SMS, the keypress of a call): the token
 * is the credential, good once and until it expires. It acknowledges the alarms of the message's
 * episode that are not yet acknowledged, in the name of the recipient: the account when the
 * recipient is one (the records show who), and the recipient's name and address as the comment.
 * The episode ends as `acknowledged` with who it was (`ack_via`).
 */
export interface AckResult {
  answer: PushAckAnswer;
  events: LiveAlarm[];
  audit: { tenantId: number; accountId: number | null; messageId: number; alarmIds: number[] };
}

export async function acknowledgeByToken(db: Db, token: string): Promise<AckResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ t: pushAckTokens, m: pushMessages })
      .from(pushAckTokens)
      .innerJoin(pushMessages, eq(pushMessages.id, pushAckTokens.messageId))
      .where(eq(pushAckTokens.tokenHash, tokenHash(token)))
      .for('update');
    if (!row || row.t.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCodes.PUSH_LINK_INVALID);
    if (row.t.usedAt) throw new AppError(ErrorCodes.PUSH_LINK_USED);
    const { m } = row;
    const now = new Date();
    await tx
      .update(pushAckTokens)
      .set({ usedAt: now })
      .where(and(eq(pushAckTokens.tokenHash, row.t.tokenHash), isNull(pushAckTokens.usedAt)));
    const via = m.recipientName ? `${m.recipientName} (${m.recipient})` : m.recipient;
    const [ep] = await tx.select().from(pushEpisodes).where(eq(pushEpisodes.id, m.episodeId)).for('update');
    const ids = ep?.alarmIds ?? m.alarmIds;
    const changed =
      ids.length === 0
        ? []
        : await tx
            .update(alarms)
            .set({ acknowledged: true, ackBy: m.accountId, ackAt: now, ackComment: via, updatedAt: now })
            .where(and(inArray(alarms.id, ids), eq(alarms.acknowledged, false)))
            .returning();
    if (ep && ep.outcome === 'open') {
      await tx.update(pushEpisodes).set({ outcome: 'acknowledged', ackVia: via, closedAt: now }).where(eq(pushEpisodes.id, ep.id));
    }
    const [place] = await tx
      .select({ farmName: farms.farmName, shedName: sheds.shedName })
      .from(sheds)
      .innerJoin(farms, eq(farms.id, sheds.farmId))
      .where(eq(sheds.id, m.shedId));
    return {
      answer: { acknowledged: changed.length, farmName: place?.farmName ?? '', shedName: place?.shedName ?? '', via },
      events: changed.map((a) => alarmEvent(a, 'acknowledged')),
      audit: { tenantId: m.tenantId, accountId: m.accountId, messageId: m.id, alarmIds: changed.map((a) => a.id) },
    };
  });
}
