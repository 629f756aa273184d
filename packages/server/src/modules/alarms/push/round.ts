import { and, asc, eq, inArray } from 'drizzle-orm';
import { byPriority, type Locale, type PushMethod, type PushPerson } from '@farmsense/shared';
import type { Tx } from '../../../db/client.js';
import { farms, sheds } from '../../../db/tables.js';
import { defineJob, type JobDeps } from '../../../jobs/define.js';
import type { Jobs } from '../../../jobs/queue.js';
import { alarms } from '../tables.js';
import { farmPeople } from './config.js';
import { renderMessage } from './message.js';
import { sendJob } from './send.js';
import { ACK_TOKEN_HOURS, ackToken, pushSecret, tokenHash } from './tokens.js';
import { pushAckTokens, pushEpisodes, pushMessages, pushPhoneConfigs, pushStrategies } from './tables.js';

/**
 * One round of an episode (`alarms.push-round`, key `push-round-<episode>-<round>`, so a round
 * exists once). Until someone answers: round 1 goes to the first person (e-mail, SMS) and the
 * highest-priority callee (voice); each later round, an interval on, repeats to those told so
 * far and adds the next person, and calls the next callee; extra e-mails get every round. Two
 * more rounds after everyone has been reached, then the episode gives up (`gaveUp`, recorded,
 * not an acknowledgement). Every round first looks at the alarms: all acknowledged ends the
 * episode as `acknowledged`, none still active as `cleared`.
 */
export const REPEAT_ROUNDS = 2;
type Strategy = typeof pushStrategies.$inferSelect;
type Phone = typeof pushPhoneConfigs.$inferSelect;

interface Target {
  method: PushMethod;
  to: string;
  name: string | null;
  accountId: number | null;
}

/** Who a round reaches, per method, each address once. */
export function roundTargets(s: Strategy, people: readonly PushPerson[], phone: Phone | null, round: number): Target[] {
  const out: Target[] = [];
  const reached = people.slice(0, round);
  const add = (t: Target): void => {
    if (!out.some((o) => o.method === t.method && o.to === t.to)) out.push(t);
  };
  if (s.methods.includes('email')) {
    for (const p of reached) if (p.email) add({ method: 'email', to: p.email.toLowerCase(), name: p.name, accountId: p.id });
    for (const e of s.extraEmails) add({ method: 'email', to: e, name: null, accountId: null });
  }
  if (s.methods.includes('sms'))
    for (const p of reached) if (p.phoneNo) add({ method: 'sms', to: p.phoneNo, name: p.name, accountId: p.id });
  if (s.methods.includes('voice') && phone && phone.callees.length > 0) {
    const callees = byPriority(phone.callees);
    const c = callees[(round - 1) % callees.length]!;
    add({ method: 'voice', to: c.number, name: c.name, accountId: null });
  }
  return out;
}

export const roundJob = defineJob<{ episodeId: number; round: number }>(
  'alarms.push-round',
  async ({ episodeId, round }, { tx, deps }) => runRound(tx, deps, episodeId, round),
  { attempts: 5, backoff: { baseMs: 30_000 }, timeoutMs: 30_000 },
);

async function runRound(tx: Tx, deps: JobDeps, episodeId: number, round: number): Promise<void> {
  const [ep] = await tx.select().from(pushEpisodes).where(eq(pushEpisodes.id, episodeId)).for('update');
  if (!ep || ep.outcome !== 'open' || ep.round >= round) return;
  const close = async (outcome: 'acknowledged' | 'cleared' | 'gaveUp' | 'stopped'): Promise<void> => {
    await tx.update(pushEpisodes).set({ outcome, closedAt: new Date() }).where(eq(pushEpisodes.id, ep.id));
  };
  const [s] = ep.strategyId === null ? [] : await tx.select().from(pushStrategies).where(eq(pushStrategies.id, ep.strategyId));
  if (!s?.enabled) return close('stopped');
  const list = await tx.select().from(alarms).where(inArray(alarms.id, ep.alarmIds)).orderBy(asc(alarms.startedAt), asc(alarms.id));
  const waiting = list.filter((a) => !a.acknowledged);
  if (waiting.length === 0) return close('acknowledged');
  if (!waiting.some((a) => a.active)) return close('cleared');

  const [phone] = s.methods.includes('voice')
    ? await tx
        .select()
        .from(pushPhoneConfigs)
        .where(and(eq(pushPhoneConfigs.farmId, ep.farmId), eq(pushPhoneConfigs.enabled, true)))
    : [];
  const people = await farmPeople(tx, ep.tenantId, ep.farmId, s.accountIds);
  const last = Math.max(people.length, phone?.callees.length ?? 0, 1) + REPEAT_ROUNDS;
  if (round > last) return close('gaveUp');

  const [place] = await tx
    .select({ farmName: farms.farmName, shedName: sheds.shedName, timeZone: farms.timeZone })
    .from(sheds)
    .innerJoin(farms, eq(farms.id, sheds.farmId))
    .where(eq(sheds.id, ep.shedId));
  const where = place ?? { farmName: '', shedName: '', timeZone: 'UTC' };
  const secret = await pushSecret(tx);
  for (const t of roundTargets(s, people, phone ?? null, round)) {
    const lang = (t.method === 'voice' && phone ? phone.language : s.language) as Locale;
    const text = renderMessage(lang, t.method, round, waiting, where, phone?.templateContent ?? null);
    const [m] = await tx
      .insert(pushMessages)
      .values({
        tenantId: ep.tenantId,
        farmId: ep.farmId,
        shedId: ep.shedId,
        episodeId: ep.id,
        alarmIds: text.alarmIds,
        method: t.method,
        recipient: t.to,
        recipientName: t.name,
        accountId: t.accountId,
        round,
        language: lang,
        subject: text.subject,
        body: text.body,
      })
      .onConflictDoNothing({ target: [pushMessages.episodeId, pushMessages.recipient, pushMessages.method, pushMessages.round] })
      .returning({ id: pushMessages.id });
    if (!m) continue;
    await tx
      .insert(pushAckTokens)
      .values({
        tokenHash: tokenHash(ackToken(secret, m.id)),
        messageId: m.id,
        expiresAt: new Date(Date.now() + ACK_TOKEN_HOURS * 3_600_000),
      })
      .onConflictDoNothing();
    await deps.jobs.enqueue(sendJob, { messageId: m.id, attempt: 1 }, { tx, key: `push-send-${m.id}-1` });
  }
  await tx.update(pushEpisodes).set({ round }).where(eq(pushEpisodes.id, ep.id));
  const minutes = Math.min(s.intervalMinutes, phone?.intervalMinutes ?? Infinity);
  await nextRound(deps.jobs, tx, ep.id, round + 1, Date.now() + minutes * 60_000);
}

export async function nextRound(jobs: Jobs, tx: Tx, episodeId: number, round: number, at: number): Promise<void> {
  await jobs.enqueue(roundJob, { episodeId, round }, { tx, key: `push-round-${episodeId}-${round}`, runAt: new Date(at) });
}
