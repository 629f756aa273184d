import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  breaches,
  clears,
  limitsOf,
  propertyMatches,
  rateBreaches,
  rateChange,
  rateClears,
  severity,
  stageFor,
  windowRange,
  type AlarmOperator,
  type LimitKind,
  type Limits,
  type RateDirection,
} from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import { telemetryHistory } from '../telemetry/index.js';
import type { ShedContext } from './context.js';

/**
 * What one reading means for one rule on one key, for the evaluator (evaluate.ts): a limit rule
 * compares the value with the limits of the day-age stage; a rate-of-change rule compares the
 * change over its window (the stored readings of the key from `windowMinutes` before up to the
 * reading; shared rate.ts) with its amount. Both give the state machine a breach and a clear.
 */
export interface Rule {
  id: number;
  name: string;
  kind: 'threshold' | 'rateOfChange';
  property: string;
  operator: AlarmOperator;
  level: number;
  message: string;
  durationSec: number;
  deadband: number;
  direction: RateDirection;
  rateAmount: number;
  windowMinutes: number;
  stages: { fromDay: number; toDay: number; limitKind: LimitKind; low: number | null; high: number | null }[];
}

export interface Judgement {
  breach: boolean;
  clear: boolean;
  limits: Limits;
  /** What the alarm records as its value: the reading, or the change over the window. */
  shown: number;
  /** Whether a limit applies (false out of every stage's ages: nothing is worse than anything). */
  inStage: boolean;
}

/** How bad a value (`shown`) is under the judgement's limits, for the peak: the larger, the worse. */
export function worseness(rule: Rule, j: Judgement, v: number): number {
  if (rule.kind === 'rateOfChange') return Math.abs(v);
  return j.inStage ? severity(rule.operator, j.limits, v) : -Infinity;
}

/** The day's facts one reading is judged with (the target is looked up once, when a stage needs it). */
export interface ReadingFacts {
  ts: number;
  values: Readonly<Record<string, number>>;
  dayAge: number | null;
  target?: number | null;
}

/** The stored readings of the rate rules' keys over their windows, for one gateway and batch. */
export class RateWindows {
  private constructor(private readonly series: Map<string, { ts: number; value: number }[]>) {}

  static async load(tx: Tx, gatewayId: number, rules: readonly Rule[], keys: readonly string[], from: number, to: number) {
    const rates = rules.filter((r) => r.kind === 'rateOfChange');
    const wanted = keys.filter((k) => rates.some((r) => propertyMatches(r.property, k)));
    const series = new Map<string, { ts: number; value: number }[]>();
    if (wanted.length === 0) return new RateWindows(series);
    const longest = Math.max(...rates.map((r) => r.windowMinutes)) * 60_000;
    const rows = await tx
      .select({ key: telemetryHistory.key, ts: telemetryHistory.ts, value: telemetryHistory.value })
      .from(telemetryHistory)
      .where(
        and(
          eq(telemetryHistory.gatewayId, gatewayId),
          inArray(telemetryHistory.key, wanted),
          gte(telemetryHistory.ts, new Date(from - longest)),
          lte(telemetryHistory.ts, new Date(to)),
        ),
      )
      .orderBy(asc(telemetryHistory.ts));
    for (const r of rows) {
      const list = series.get(r.key) ?? [];
      list.push({ ts: r.ts.getTime(), value: r.value });
      series.set(r.key, list);
    }
    return new RateWindows(series);
  }

  /** The values of `key` in [from, to], with `current` (the reading itself, stored or not). */
  values(key: string, from: number, to: number, current: number): number[] {
    const out = [current];
    for (const p of this.series.get(key) ?? []) if (p.ts >= from && p.ts <= to) out.push(p.value);
    return out;
  }
}

/** The judgement of one value, or null when the rule has nothing to say (no stage, no target). */
export function judge(rule: Rule, key: string, value: number, at: ReadingFacts, ctx: ShedContext, windows: RateWindows): Judgement | null {
  if (rule.kind === 'rateOfChange') {
    const range = windowRange(windows.values(key, at.ts - rule.windowMinutes * 60_000, at.ts, value))!;
    const change = rateChange(rule.direction, value, range);
    return {
      breach: rateBreaches(change, rule.rateAmount),
      clear: rateClears(change, rule.rateAmount, rule.deadband),
      limits: { low: null, high: rule.rateAmount },
      shown: change,
      inStage: true,
    };
  }
  const stage = stageFor(rule.stages, at.dayAge);
  let limits: Limits | null = null;
  if (stage) {
    if (stage.limitKind === 'relative' && at.target === undefined) at.target = ctx.targetAt(at.dayAge, at.values);
    limits = limitsOf(stage, at.target ?? null);
    // A relative stage on a day without a target: nothing to compare with, nothing changes.
    if (!limits) return null;
  }
  // Out of every stage's ages the rule does not apply: a breach ends, an alarm clears.
  const l = limits;
  return {
    breach: l !== null && breaches(rule.operator, l, value),
    clear: l === null || clears(rule.operator, l, value, rule.deadband),
    limits: l ?? { low: null, high: null },
    shown: value,
    inStage: l !== null,
  };
}
