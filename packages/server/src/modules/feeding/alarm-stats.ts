import { addDays, FEED_ALARM_TOP, FEED_MIN_SHARE, type FeedAlarmStatsAnswer, type FeedAlarmStatsQuery, farmDay } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import type { Scope } from '../../scope/index.js';
import { dayVerdict, feederDays, placeOf } from './feeder-days.js';

/**
 * The not-eaten statistics (/accurate-feeding/feed-alarm/analysis): the feeder-days of a range
 * that the not-eating list of /feed-alarm/records would name (feeder-days.ts `dayVerdict`:
 * `refused`, the feeder reported state 2; `low`, a finished day under `minShare` % of the plan),
 * counted per day (every day of the range), per house and per feeder (the FEED_ALARM_TOP feeders
 * with the most, most first).
 */
type Counts = { refused: number; low: number };

export async function alarmStats(
  database: Database,
  scope: Scope,
  q: FeedAlarmStatsQuery,
  now = Date.now(),
): Promise<FeedAlarmStatsAnswer> {
  const minShare = q.minShare ?? FEED_MIN_SHARE;
  const data = await feederDays(database, scope, { ...q, from: q.startTime, to: q.endTime }, now);
  const first = farmDay(q.startTime, data.timeZone);
  const days = new Map<string, Counts>();
  for (let day = farmDay(q.endTime, data.timeZone); day >= first; day = addDays(day, -1)) days.set(day, { refused: 0, low: 0 });
  const sheds = new Map<number, Counts & { shedId: number; shedName: string }>();
  const total: Counts = { refused: 0, low: 0 };
  const feeders: (ReturnType<typeof placeOf> & Counts & { total: number; order: number })[] = [];
  data.feeders.forEach((f, order) => {
    const own = { ...placeOf(f), refused: 0, low: 0, total: 0, order };
    for (const d of data.days.get(f.feederId)?.values() ?? []) {
      const verdict = dayVerdict(d, data.today, minShare);
      if (verdict === 'ate') continue;
      const shed = sheds.get(f.shedId) ?? { shedId: f.shedId, shedName: f.shedName, refused: 0, low: 0 };
      sheds.set(f.shedId, shed);
      const day = days.get(d.day);
      for (const c of [own, shed, total, day]) if (c) c[verdict]++;
      own.total++;
    }
    if (own.total > 0) feeders.push(own);
  });
  const top = feeders
    .sort((a, b) => b.total - a.total || a.order - b.order)
    .slice(0, FEED_ALARM_TOP)
    .map(({ order: _, ...rest }) => rest);
  return {
    minShare,
    total,
    days: [...days].reverse().map(([day, c]) => ({ day, ...c })),
    sheds: [...sheds.values()],
    top,
  };
}
