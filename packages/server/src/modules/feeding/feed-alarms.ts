import { and, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  FEED_ALARM_LEVELS,
  FEED_ALARM_MORNING_MINUTE,
  FEED_MIN_SHARE,
  type LiveAlarm,
  minuteInWindow,
  notEatenKey,
  RECONCILE_TOLERANCE_PCT,
  siloGapKey,
  DAY_MS,
  dayRange,
  wallDate,
} from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { farms, gateways } from '../../db/tables.js';
import { defineSlotChain } from '../../jobs/slot-chain.js';
import { buildScope } from '../../scope/index.js';
import { publishAlarms, settleSystemAlarms, type SystemAlarm } from '../alarms/index.js';
import { feedDevices } from './device-tables.js';
import { feederDays } from './feeder-days.js';
import { notEatenDay, wholeTenant } from './feed-alarm-rules.js';
import { feedReconcile } from './reconcile.js';
import { feedingPlanMeals, feedingPlans } from './tables.js';

/**
 * The daily feed alarms, raised through the alarm system (alarms/system.ts): a sow that did not
 * eat (`notEaten`, one alarm per feeder and farm day, feed-alarm-rules.ts `notEatenDay`) and a
 * house whose silo use and feeders differ beyond RECONCILE_TOLERANCE_PCT (`siloGap`, one per
 * house and day, from reconcile.ts).
 * A chain of `feeding.alarms` jobs, one per quarter-hour slot (key `feed-alarms-<slot>`, the
 * alarms sweep's pattern: each run enqueues the next slot in its transaction, module start
 * enqueues the current one). A run judges each farm with feeders whose clock passed, in the slot,
 * the morning minute (06:00: not-eaten and the previous day's reconciliation) or the end of a meal
 * of a dispatched plan (not-eaten). Judging twice changes nothing: the live alarms stand.
 */
export const FEED_ALARM_EVERY_MIN = 15;
const EVERY_MS = FEED_ALARM_EVERY_MIN * 60_000;

const chain = defineSlotChain(
  'feeding.alarms',
  { everyMs: EVERY_MS, key: 'feed-alarms' },
  async (now, slot, { tx, deps }) => {
    // The slot's own time: a run that waited (a restart) judges what its slot was for.
    const events = await judgeSlot(tx, deps, Math.min(now, slot * EVERY_MS));
    publishAlarms(deps, events);
  },
  { attempts: 3, backoff: { baseMs: 30_000 }, timeoutMs: 120_000 },
);
export const feedAlarmJob = chain.job;
/** Enqueues the run of a quarter-hour slot (now's by default), once however often it is called. */
export const enqueueFeedAlarms = chain.enqueue;

/** The farms with feeders, and which of them the window ending at `at` is due for. */
async function judgeSlot(tx: Tx, deps: Deps, at: number): Promise<LiveAlarm[]> {
  const list = await tx
    .selectDistinct({ id: farms.id, tenantId: farms.tenantId, timeZone: farms.timeZone })
    .from(feedDevices)
    .innerJoin(farms, eq(farms.id, feedDevices.farmId))
    .where(eq(feedDevices.kind, 'feeder'));
  if (list.length === 0) return [];
  const meals = await tx
    .selectDistinct({ farmId: feedingPlans.farmId, end: feedingPlanMeals.endMinute })
    .from(feedingPlanMeals)
    .innerJoin(feedingPlans, eq(feedingPlans.id, feedingPlanMeals.planId))
    .where(
      and(
        inArray(
          feedingPlans.farmId,
          list.map((f) => f.id),
        ),
        inArray(feedingPlans.dispatchStatus, ['dispatched', 'partial']),
      ),
    );
  const events: LiveAlarm[] = [];
  for (const farm of list) {
    const w = wallDate(at, farm.timeZone);
    const minute = w.getUTCHours() * 60 + w.getUTCMinutes();
    const morning = minuteInWindow(FEED_ALARM_MORNING_MINUTE, minute, FEED_ALARM_EVERY_MIN);
    const mealEnd = meals.some((m) => m.farmId === farm.id && minuteInWindow(m.end, minute, FEED_ALARM_EVERY_MIN));
    if (morning || mealEnd) events.push(...(await judgeFarm(tx, deps, farm, at, { gaps: morning })));
  }
  return events;
}

/**
 * Judges one farm at `at`: its feeders' not-eaten alarms and, with `gaps`, its houses'
 * reconciliation of the day before. In the caller's transaction; answers the events to publish.
 */
export async function judgeFarm(
  tx: Tx,
  deps: Deps,
  farm: { id: number; tenantId: number; timeZone: string },
  at: number,
  o: { gaps: boolean },
): Promise<LiveAlarm[]> {
  // Every query goes through `tx` (on PGlite a query beside it would wait for it).
  const scope = buildScope(deps.database.db, wholeTenant(farm.tenantId));
  const data = await feederDays({ db: tx }, scope, { farmId: farm.id, from: new Date(at - DAY_MS), to: new Date(at) }, at);
  const yesterday = addDays(data.today, -1);
  const codes = await gatewayCodes(tx, [...new Set(data.feeders.map((f) => f.gatewayId))]);
  const now = new Date(at);
  const wanted: SystemAlarm[] = [];
  for (const f of data.feeders) {
    const own = data.days.get(f.feederId);
    const day = notEatenDay(own?.get(data.today), own?.get(yesterday), data.today, FEED_MIN_SHARE);
    if (!day) continue;
    const d = own!.get(day)!;
    wanted.push({
      shedId: f.shedId,
      gatewayId: f.gatewayId,
      gatewayCode: codes.get(f.gatewayId) ?? '',
      key: notEatenKey(f.feederId, day),
      name: `${f.feederNo} ${f.feederName}`.trim(),
      level: FEED_ALARM_LEVELS.notEaten,
      value: d.dispensed,
      high: d.planned,
      at: now,
    });
  }
  const base = { tenantId: farm.tenantId, farmId: farm.id, now };
  const events = await settleSystemAlarms(tx, deps, { ...base, kind: 'notEaten', judged: 'all', wanted });
  if (o.gaps)
    events.push(
      ...(await settleSystemAlarms(tx, deps, {
        ...base,
        kind: 'siloGap',
        judged: 'all',
        wanted: await gapAlarms(tx, scope, farm, yesterday, now),
      })),
    );
  return events;
}

/** The houses whose day was flagged by the reconciliation (metered houses only). */
async function gapAlarms(
  tx: Tx,
  scope: ReturnType<typeof buildScope>,
  farm: { id: number; timeZone: string },
  day: string,
  now: Date,
): Promise<SystemAlarm[]> {
  const range = dayRange(day, farm.timeZone);
  const answer = await feedReconcile({ db: tx }, scope, {
    farmId: farm.id,
    startTime: range.start,
    endTime: new Date(range.end.getTime() - 1),
  });
  return answer.list
    .filter((r) => r.day === day && r.metered && r.flagged)
    .map((r) => ({
      shedId: r.shedId,
      gatewayId: 0,
      gatewayCode: '',
      key: siloGapKey(day),
      name: r.shedName,
      level: FEED_ALARM_LEVELS.siloGap,
      value: r.gapPct ?? r.gapKg,
      low: -RECONCILE_TOLERANCE_PCT,
      high: RECONCILE_TOLERANCE_PCT,
      at: now,
    }));
}

async function gatewayCodes(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: gateways.id, code: gateways.code }).from(gateways).where(inArray(gateways.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}
