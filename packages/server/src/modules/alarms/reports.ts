import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type AlarmAnalysis,
  type AlarmAnalysisQuery,
  type AlarmPeriod,
  type AlarmRank,
  type AlarmRankGateway,
  type AlarmRankRule,
  type AlarmKind,
  dayRange,
  farmDay,
  addDays,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { sheds } from '../../db/tables.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { alarms } from './tables.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Alarm reports (contracts and definitions: shared alarms/reports.ts): the analysis of a farm's
 * day, week or month and the ranking of gateways and rules. Both read the alarms that overlap the
 * period once and add them up here, so the two databases give the same figures and each
 * definition is written once: counted in the period it was raised in, time in alarm clipped to
 * the period, time to acknowledge from raise to acknowledgement.
 */

/** An alarm as the reports read it (times in ms; `end` null while active). */
export interface SpanRow {
  shedId: number;
  shedName: string;
  gatewayId: number;
  gatewayCode: string;
  ruleId: number | null;
  ruleName: string;
  kind: AlarmKind;
  level: number;
  start: number;
  end: number | null;
  ackAt: number | null;
}

/** A month of alarms of a big farm is a few tens of thousands; beyond this the range is too long to add up here. */
const MAX_REPORT_ALARMS = 500_000;

export async function alarmSpans(
  db: Db,
  scope: Scope,
  where: { farmId: number; shedId?: number; from: number; to: number },
): Promise<SpanRow[]> {
  const conds: (SQL | undefined)[] = [
    eq(alarms.tenantId, tenantIdOf(scope)),
    shedCondition(scope, alarms.farmId, alarms.shedId),
    eq(alarms.farmId, where.farmId),
    lt(alarms.startedAt, new Date(where.to)),
    or(isNull(alarms.endedAt), gt(alarms.endedAt, new Date(where.from))),
  ];
  if (where.shedId) conds.push(eq(alarms.shedId, where.shedId));
  const rows = await db
    .select({
      shedId: alarms.shedId,
      shedName: sheds.shedName,
      gatewayId: alarms.gatewayId,
      gatewayCode: alarms.gatewayCode,
      ruleId: alarms.ruleId,
      ruleName: alarms.ruleName,
      kind: alarms.kind,
      level: alarms.level,
      active: alarms.active,
      startedAt: alarms.startedAt,
      endedAt: alarms.endedAt,
      ackAt: alarms.ackAt,
    })
    .from(alarms)
    .innerJoin(sheds, eq(sheds.id, alarms.shedId))
    .where(and(...conds))
    .limit(MAX_REPORT_ALARMS + 1);
  if (rows.length > MAX_REPORT_ALARMS)
    throw new AppError(ErrorCodes.PARAM_ERROR, { data: { issues: [{ field: 'endTime', key: 'validation.tooMany' }] } });
  return rows.map((r) => ({
    shedId: r.shedId,
    shedName: r.shedName,
    gatewayId: r.gatewayId,
    gatewayCode: r.gatewayCode,
    ruleId: r.ruleId,
    ruleName: r.ruleName,
    kind: r.kind as AlarmKind,
    level: r.level,
    start: r.startedAt.getTime(),
    // A released alarm without an end (none should be) lasted no time.
    end: r.endedAt ? r.endedAt.getTime() : r.active ? null : r.startedAt.getTime(),
    ackAt: r.ackAt ? r.ackAt.getTime() : null,
  }));
}

/** Seconds of an alarm's span inside [from, to), an active one up to `now`. */
export function secondsIn(a: Pick<SpanRow, 'start' | 'end'>, from: number, to: number, now: number): number {
  const end = Math.min(a.end ?? now, to);
  const start = Math.max(a.start, from);
  return end > start ? (end - start) / 1000 : 0;
}

/** Figures of a set of alarms over a period: counts per level of those raised in it, time in alarm, MTTA. */
class Tally {
  count = 0;
  high = 0;
  medium = 0;
  low = 0;
  alarmSec = 0;
  private ackSum = 0;
  acknowledged = 0;
  lastAt = 0;

  add(a: SpanRow, from: number, to: number, now: number): void {
    this.alarmSec += secondsIn(a, from, to, now);
    if (a.start < from || a.start >= to) return;
    this.count += 1;
    if (a.level === 1) this.high += 1;
    else if (a.level === 2) this.medium += 1;
    else this.low += 1;
    this.lastAt = Math.max(this.lastAt, a.start);
    if (a.ackAt !== null) {
      this.acknowledged += 1;
      this.ackSum += Math.max(0, a.ackAt - a.start) / 1000;
    }
  }

  get mttaSec(): number | null {
    return this.acknowledged === 0 ? null : Math.round(this.ackSum / this.acknowledged);
  }

  levels(): { count: number; high: number; medium: number; low: number } {
    return { count: this.count, high: this.high, medium: this.medium, low: this.low };
  }
}

/** The farm-calendar days of the period holding `day`: the day, its Monday-to-Sunday week, or its month. */
export function periodDays(period: AlarmPeriod, day: string): string[] {
  if (period === 'day') return [day];
  if (period === 'week') {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    const monday = addDays(day, -((weekday + 6) % 7));
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = `${day.slice(0, 8)}01`;
  const out: string[] = [];
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) out.push(d);
  return out;
}

export async function alarmAnalysis(db: Db, scope: Scope, q: AlarmAnalysisQuery, now = Date.now()): Promise<AlarmAnalysis> {
  const farm = await visibleFarm(scope, q.farmId);
  if (q.shedId) await visibleShed(scope, q.shedId, { farmId: farm.id });
  const tz = farm.timeZone;
  const days = periodDays(q.period, q.day ?? farmDay(new Date(now), tz)).map((d) => dayRange(d, tz));
  const from = days[0]!.start.getTime();
  const to = days.at(-1)!.end.getTime();
  // A day is shown by its hours; a week or a month by its days.
  const starts: number[] = [];
  if (q.period === 'day') for (let t = from; t < to; t += 3_600_000) starts.push(t);
  else for (const d of days) starts.push(d.start.getTime());
  const bucketOf = (t: number): number => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= t) i += 1;
    return i;
  };

  const rows = await alarmSpans(db, scope, { farmId: farm.id, shedId: q.shedId, from, to });
  const all = new Tally();
  const perShed = new Map<number, { name: string; tally: Tally }>();
  const buckets = starts.map(() => new Tally());
  const kinds = new Map<AlarmKind, number>();
  for (const a of rows) {
    all.add(a, from, to, now);
    const shed = perShed.get(a.shedId) ?? { name: a.shedName, tally: new Tally() };
    shed.tally.add(a, from, to, now);
    perShed.set(a.shedId, shed);
    if (a.start >= from && a.start < to) {
      buckets[bucketOf(a.start)]!.add(a, from, to, now);
      kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
    }
  }
  return {
    farmId: farm.id,
    timeZone: tz,
    period: q.period,
    from,
    to,
    ...all.levels(),
    acknowledged: all.acknowledged,
    mttaSec: all.mttaSec,
    alarmSec: Math.round(all.alarmSec),
    byKind: [...kinds].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count),
    sheds: [...perShed]
      .map(([shedId, s]) => ({
        shedId,
        shedName: s.name,
        ...s.tally.levels(),
        alarmSec: Math.round(s.tally.alarmSec),
        mttaSec: s.tally.mttaSec,
      }))
      .sort((a, b) => b.count - a.count || b.alarmSec - a.alarmSec || a.shedName.localeCompare(b.shedName)),
    buckets: starts.map((start, i) => ({ start, ...buckets[i]!.levels() })),
  };
}

/** Gateways and rules by the number of alarms they raised in the range (ties: longer in alarm first). */
export async function alarmRank(
  db: Db,
  scope: Scope,
  q: { farmId: number; startTime: Date; endTime: Date; top?: number | undefined },
  now = Date.now(),
): Promise<AlarmRank> {
  const from = q.startTime.getTime();
  const to = q.endTime.getTime();
  refuseEndBeforeStart(from, to, { emptyAllowed: true, field: 'endTime' });
  const farm = await visibleFarm(scope, q.farmId);
  const rows = await alarmSpans(db, scope, { farmId: farm.id, from, to });
  const gateways = new Map<number, { g: SpanRow; tally: Tally }>();
  const rules = new Map<string, { r: SpanRow; tally: Tally; gateways: Set<number> }>();
  let total = 0;
  for (const a of rows) {
    if (a.start >= from && a.start < to) total += 1;
    const g = gateways.get(a.gatewayId) ?? { g: a, tally: new Tally() };
    g.tally.add(a, from, to, now);
    gateways.set(a.gatewayId, g);
    // A deleted rule's alarms keep its name: they stay one line under it.
    const key = a.ruleId === null ? `name:${a.ruleName}:${a.kind}` : `id:${a.ruleId}`;
    const r = rules.get(key) ?? { r: a, tally: new Tally(), gateways: new Set<number>() };
    r.tally.add(a, from, to, now);
    if (a.start >= from && a.start < to) r.gateways.add(a.gatewayId);
    rules.set(key, r);
  }
  const top = q.top ?? 20;
  const order = (x: { count: number; alarmSec: number }, y: { count: number; alarmSec: number }): number =>
    y.count - x.count || y.alarmSec - x.alarmSec;
  const gatewayRows: AlarmRankGateway[] = [...gateways.values()]
    .filter(({ tally }) => tally.count > 0)
    .map(({ g, tally }) => ({
      gatewayId: g.gatewayId,
      gatewayCode: g.gatewayCode,
      shedId: g.shedId,
      shedName: g.shedName,
      ...tally.levels(),
      alarmSec: Math.round(tally.alarmSec),
      mttaSec: tally.mttaSec,
      lastAt: tally.lastAt,
    }))
    .sort((a, b) => order(a, b) || a.gatewayCode.localeCompare(b.gatewayCode));
  const ruleRows: AlarmRankRule[] = [...rules.values()]
    .filter(({ tally }) => tally.count > 0)
    .map(({ r, tally, gateways: gs }) => ({
      ruleId: r.ruleId,
      ruleName: r.ruleName,
      kind: r.kind,
      ...tally.levels(),
      gateways: gs.size,
      alarmSec: Math.round(tally.alarmSec),
      mttaSec: tally.mttaSec,
      lastAt: tally.lastAt,
    }))
    .sort((a, b) => order(a, b) || a.ruleName.localeCompare(b.ruleName));
  return { from, to, total, gateways: gatewayRows.slice(0, top), rules: ruleRows.slice(0, top) };
}
