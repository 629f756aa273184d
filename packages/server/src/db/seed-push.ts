import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Locale, PhoneContact } from '@farmsense/shared';
import type { Db } from './client.js';
import { demoFarms } from './demo-tenant.js';
import { accountFarms, accounts, alarms, farms, pushEpisodes, pushMessages, pushPhoneConfigs, pushStrategies, sheds } from './tables.js';
import { farmPeople, REPEAT_ROUNDS, renderMessage, roundTargets } from '../modules/alarms/index.js';

/**
 * CONTRACT §5 demo push (issue 13): a push strategy and a phone notification configuration per
 * demo farm (seedPushConfig, with the demo data), and the outbox those strategies would have
 * written for the demo's alarm history (seedPushHistory, after the history is evaluated): each
 * burst of a shed's alarms within the send delay is one notification, repeated each interval
 * while an alarm stays active, to the people, numbers and texts the live outbox uses (the same
 * roundTargets and renderMessage), ending cleared or given up. No SMTP or provider is set in the
 * demo, so every message is in the local outbox. Alarms of the last day are left to the live
 * outbox (push/plan.ts).
 */
const LIVE_MS = 24 * 3_600_000;
const contact = (name: string, number: string, priority: number): PhoneContact => ({ name, number, priority });

export async function seedPushConfig(db: Db): Promise<boolean> {
  const list = await demoFarms(db);
  if (list.length === 0) return false;
  const [done] = await db
    .select({ id: pushStrategies.id })
    .from(pushStrategies)
    .where(
      inArray(
        pushStrategies.farmId,
        list.map((f) => f.id),
      ),
    );
  if (done) return false;
  for (const farm of list) {
    // The farm's own keepers first, then the administrator: escalation goes down the list.
    const people = await db
      .select({ id: accounts.id, type: accounts.accountType })
      .from(accounts)
      .innerJoin(accountFarms, eq(accountFarms.accountId, accounts.id))
      .where(and(eq(accountFarms.farmId, farm.id), eq(accounts.status, 1)))
      .orderBy(asc(accounts.accountType), asc(accounts.id));
    const ids = [...people.filter((p) => p.type !== 1), ...people.filter((p) => p.type === 1)].map((p) => p.id);
    await db.insert(pushStrategies).values({
      tenantId: farm.tenantId,
      farmId: farm.id,
      name: 'Night watch',
      levels: [1, 2],
      kinds: ['threshold', 'noData', 'offline', 'commandFailed', 'rateOfChange'],
      properties: [],
      accountIds: ids,
      extraEmails: ['duty@example.com'],
      language: 'en-us',
      methods: ['email', 'sms', 'voice'],
      intervalMinutes: 15,
      sendDelaySec: 60,
    });
    await db.insert(pushPhoneConfigs).values({
      tenantId: farm.tenantId,
      farmId: farm.id,
      callers: [contact('Farm line', '+862012345678', 1)],
      callees: [contact('Farm manager', '+8613800000011', 9), contact('Night keeper', '+8613800000012', 5)],
      templateContent: 'Alarm at {{farm}}, {{shed}}: {{alarms}}.',
      language: 'en-us',
      intervalMinutes: 15,
    });
  }
  return true;
}

type AlarmRecord = typeof alarms.$inferSelect;

/** Alarms of one shed raised within the send delay of the burst's first one. */
function bursts(list: AlarmRecord[], delayMs: number): AlarmRecord[][] {
  const out: AlarmRecord[][] = [];
  for (const a of list) {
    const last = out.find((b) => b[0]!.shedId === a.shedId && a.startedAt.getTime() - b[0]!.startedAt.getTime() <= delayMs);
    if (last) last.push(a);
    else out.push([a]);
  }
  return out;
}

/** Returns the number of messages written (0 when the history has them already). */
export async function seedPushHistory(db: Db, now = Date.now()): Promise<number> {
  const list = await demoFarms(db);
  if (list.length === 0) return 0;
  const farmIds = list.map((f) => f.id);
  const [done] = await db.select({ id: pushEpisodes.id }).from(pushEpisodes).where(inArray(pushEpisodes.farmId, farmIds)).limit(1);
  if (done) return 0;
  let written = 0;
  await db.transaction(async (tx) => {
    for (const farm of list) {
      const [s] = await tx.select().from(pushStrategies).where(eq(pushStrategies.farmId, farm.id));
      if (!s) continue;
      const [phone] = await tx.select().from(pushPhoneConfigs).where(eq(pushPhoneConfigs.farmId, farm.id));
      const people = await farmPeople(tx, farm.tenantId, farm.id, s.accountIds);
      const last = Math.max(people.length, phone?.callees.length ?? 0, 1) + REPEAT_ROUNDS;
      const interval = Math.min(s.intervalMinutes, phone?.intervalMinutes ?? Infinity) * 60_000;
      const shedRows = await tx.select({ id: sheds.id, shedName: sheds.shedName }).from(sheds).where(eq(sheds.farmId, farm.id));
      const [zone] = await tx.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farm.id));
      const history = await tx
        .select()
        .from(alarms)
        .where(and(eq(alarms.farmId, farm.id), lt(alarms.startedAt, new Date(now - LIVE_MS))))
        .orderBy(asc(alarms.startedAt), asc(alarms.id));
      const taken = history.filter((a) => s.levels.includes(a.level) && (s.kinds as string[]).includes(a.kind));
      for (const burst of bursts(taken, s.sendDelaySec * 1000)) {
        const opened = burst[0]!.startedAt.getTime();
        const endOf = (a: AlarmRecord): number => a.endedAt?.getTime() ?? now;
        const place = {
          farmName: farm.farmName,
          shedName: shedRows.find((x) => x.id === burst[0]!.shedId)?.shedName ?? '',
          timeZone: zone?.timeZone ?? 'UTC',
        };
        let round = 0;
        const messages: (typeof pushMessages.$inferInsert)[] = [];
        for (let r = 1; r <= last; r++) {
          const at = opened + s.sendDelaySec * 1000 + (r - 1) * interval;
          const active = burst.filter((a) => endOf(a) > at);
          if (active.length === 0) break;
          round = r;
          for (const t of roundTargets(s, people, phone ?? null, r)) {
            const lang = (t.method === 'voice' && phone ? phone.language : s.language) as Locale;
            const text = renderMessage(lang, t.method, r, active, place, phone?.templateContent ?? null);
            messages.push({
              tenantId: farm.tenantId,
              farmId: farm.id,
              shedId: burst[0]!.shedId,
              episodeId: 0,
              alarmIds: text.alarmIds,
              method: t.method,
              channel: 'outbox',
              recipient: t.to,
              recipientName: t.name,
              accountId: t.accountId,
              round: r,
              language: lang,
              subject: text.subject,
              body: text.body,
              status: 'success',
              attempts: 1,
              createdAt: new Date(at),
              sentAt: new Date(at),
              updatedAt: new Date(at),
            });
          }
        }
        const stillActive = burst.some((a) => endOf(a) > opened + s.sendDelaySec * 1000 + (last - 1) * interval);
        const outcome = round === 0 || !stillActive ? 'cleared' : 'gaveUp';
        const closedAt = new Date(Math.min(now, opened + s.sendDelaySec * 1000 + round * interval));
        const [ep] = await tx
          .insert(pushEpisodes)
          .values({
            tenantId: farm.tenantId,
            farmId: farm.id,
            shedId: burst[0]!.shedId,
            strategyId: s.id,
            alarmIds: burst.map((a) => a.id),
            round,
            outcome,
            openedAt: new Date(opened),
            closedAt,
          })
          .returning({ id: pushEpisodes.id });
        if (messages.length > 0) await tx.insert(pushMessages).values(messages.map((m) => ({ ...m, episodeId: ep!.id })));
        written += messages.length;
      }
    }
  });
  return written;
}
