import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, ErrorCodes, type LiveAlarm, type PushAckAnswer } from '@farmsense/shared';
import type { Db, Tx } from '../../../db/client.js';
import { farms, sheds } from '../../../db/tables.js';
import { alarmEvent } from '../stored.js';
import { alarms } from '../tables.js';
import { tokenHash } from './tokens.js';
import { pushAckTokens, pushEpisodes, pushMessages } from './tables.js';

/**
 * Acknowledging from a message (the link of an e-mail or SMS, the keypress of a call): the token
 * is the credential, good once and until it expires. Opening the link only shows what it would
 * acknowledge (`previewByToken`: mail scanners fetch links); the page's button, or the keypress,
 * acknowledges the alarms of the message's episode that are not yet acknowledged, in the name of
 * the recipient: the account when the recipient is one (the records show who), and the
 * recipient's name and address as the comment. The episode ends as `acknowledged` with who it
 * was (`ack_via`).
 */
type AlarmRecord = typeof alarms.$inferSelect;

export interface AckPlace {
  farmName: string;
  shedName: string;
  timeZone: string;
}

export interface AckResult {
  answer: PushAckAnswer;
  /** The message's language, the farm's clock and the moment, for the result page. */
  language: string;
  place: AckPlace;
  at: Date;
  events: LiveAlarm[];
  audit: { tenantId: number; accountId: number | null; messageId: number; alarmIds: number[] };
}

export interface AckPreview {
  language: string;
  via: string;
  expiresAt: Date;
  place: AckPlace;
  /** The alarms the link acknowledges, oldest first, as they are now. */
  alarms: AlarmRecord[];
}

/** What a refused link's page can say: the message's language, and when it was used (21020). */
export interface RefusedLink {
  language: string | null;
  usedAt: Date | null;
  timeZone: string;
}

const viaOf = (m: typeof pushMessages.$inferSelect): string => (m.recipientName ? `${m.recipientName} (${m.recipient})` : m.recipient);

async function placeOf(q: Db | Tx, shedId: number): Promise<AckPlace> {
  const [place] = await q
    .select({ farmName: farms.farmName, shedName: sheds.shedName, timeZone: farms.timeZone })
    .from(sheds)
    .innerJoin(farms, eq(farms.id, sheds.farmId))
    .where(eq(sheds.id, shedId));
  return place ?? { farmName: '', shedName: '', timeZone: 'UTC' };
}

function tokenRow(q: Db | Tx, token: string) {
  return q
    .select({ t: pushAckTokens, m: pushMessages })
    .from(pushAckTokens)
    .innerJoin(pushMessages, eq(pushMessages.id, pushAckTokens.messageId))
    .where(eq(pushAckTokens.tokenHash, tokenHash(token)));
}

/** The link's page: what it would acknowledge. Reads only; 21019 / 21020 as the acknowledge would. */
export async function previewByToken(db: Db, token: string): Promise<AckPreview> {
  const [row] = await tokenRow(db, token);
  if (!row || row.t.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCodes.PUSH_LINK_INVALID);
  if (row.t.usedAt) throw new AppError(ErrorCodes.PUSH_LINK_USED);
  const { m } = row;
  const [ep] = await db.select({ alarmIds: pushEpisodes.alarmIds }).from(pushEpisodes).where(eq(pushEpisodes.id, m.episodeId));
  const ids = ep?.alarmIds ?? m.alarmIds;
  const list = ids.length === 0 ? [] : await db.select().from(alarms).where(inArray(alarms.id, ids)).orderBy(asc(alarms.startedAt));
  return { language: m.language, via: viaOf(m), expiresAt: row.t.expiresAt, place: await placeOf(db, m.shedId), alarms: list };
}

/** For the page of a refused link: nothing when the token matches no message. */
export async function refusedLink(db: Db, token: string): Promise<RefusedLink> {
  const [row] = await tokenRow(db, token);
  if (!row) return { language: null, usedAt: null, timeZone: 'UTC' };
  const place = await placeOf(db, row.m.shedId);
  return { language: row.m.language, usedAt: row.t.usedAt, timeZone: place.timeZone };
}

export async function acknowledgeByToken(db: Db, token: string): Promise<AckResult> {
  return db.transaction(async (tx) => {
    const [row] = await tokenRow(tx, token).for('update');
    if (!row || row.t.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCodes.PUSH_LINK_INVALID);
    if (row.t.usedAt) throw new AppError(ErrorCodes.PUSH_LINK_USED);
    const { m } = row;
    const now = new Date();
    await tx
      .update(pushAckTokens)
      .set({ usedAt: now })
      .where(and(eq(pushAckTokens.tokenHash, row.t.tokenHash), isNull(pushAckTokens.usedAt)));
    const via = viaOf(m);
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
    const place = await placeOf(tx, m.shedId);
    return {
      answer: { acknowledged: changed.length, farmName: place.farmName, shedName: place.shedName, via },
      language: m.language,
      place,
      at: now,
      events: changed.map((a) => alarmEvent(a, 'acknowledged')),
      audit: { tenantId: m.tenantId, accountId: m.accountId, messageId: m.id, alarmIds: changed.map((a) => a.id) },
    };
  });
}
