import { FEEDER_STATE, type FeederParamsPayload, type SerialPayload } from '@farmsense/shared';
import type { Ack, Command } from './commands.js';
import { FEEDER_FAULT_CHANCE, feederFaultOn, workingMinutes, type FeederFaultWindow } from './feeder-faults.js';
import { readGrams, readParams, readSerial, SeenIds } from './feeder-remote.js';
import type { StepResult } from './model.js';
import { hashSeed, Rng } from './random.js';

/**
 * A feeder main unit (concentrator) with its collectors and feeders, as one MQTT gateway
 * (CONTRACT §4). It obeys the platform's plan dispatch and reports what its feeders dispensed.
 *
 *   setRation {version, feederId, collector, feeder, planId, stages: [{startDay, endDay, grams}],
 *              meals: [{start, end, share}]}
 *     the feeder at bus address collector/feeder takes the ration; ack ok with {version, feederId},
 *     or ok false with `unknownFeeder` (no such feeder on this concentrator) or `badParams`
 *   getState {}  the current readings
 *   setFeederParams, feedNow, syncTime, setSerial: the remote actions (feeder-remote.ts); a
 *     feed-now's grams add to the feeder's day (kept in memory: a restart forgets them)
 *
 * Telemetry, per feeder, n being the platform's feeder id (learnt from its ration):
 *   feederRation.n  g planned today (the stage of the feeder's own day)
 *   feederFeed.n    g dispensed today (from local midnight)
 *   feederState.n   0 idle, 1 dispensing a meal, 2 not eating (the sow left her ration), and while
 *                   a fault lasts 3 blocked auger, 4 empty hopper, 5 motor fault (feeder-faults.ts:
 *                   a few feeders a day, each for some minutes to hours, dropping nothing meanwhile)
 *
 * Each meal gives its share of the day's ration, evenly from the meal's start to its end, with a
 * small spread (a few %, drops are not exact). Now and then a sow does not eat (off her feed for a
 * day): the feeder then drops only its first check amount per meal and reports state 2. The day
 * of each feeder's animal advances at local midnight from a day it was at when the ration came
 * (sows of one house are at different days). Everything is a function of the seed, the feeder and
 * the time, so a restart reports the same figures.
 */
export interface FeederAddress {
  collector: string;
  feeder: string;
}

export interface ConcentratorConfig {
  code: string;
  seed: number;
  utcOffsetMinutes: number;
  feeders: FeederAddress[];
  /** Chance a given sow does not eat on a given day (default 0.03). */
  refuseChance?: number;
  /** Chance a given feeder has a fault on a given day (default FEEDER_FAULT_CHANCE; 0: never). */
  faultChance?: number;
}

export interface Ration {
  version: number;
  feederId: number;
  planId: number;
  stages: { startDay: number; endDay: number; grams: number }[];
  meals: { start: number; end: number; share: number }[];
}

interface FeederState {
  address: FeederAddress;
  /** The platform's id of the feeder, learnt from its first ration or remote command. */
  id: number | null;
  ration: Ration | null;
  params: FeederParamsPayload | null;
  /** Grams dropped by feed-now commands on local day `day`. */
  extra: { day: number; grams: number };
  /** The animal's day on `localDay` (days since the epoch, local). */
  dayAt: number;
  localDay: number;
}

const DAY_MS = 86_400_000;
/** What a feeder drops per meal to check whether the sow eats. */
const CHECK_GRAMS = 100;
/** The largest meal spread, as a share of the meal. */
const SPREAD = 0.08;

export { FEEDER_STATE };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A ration from a command's params; null when malformed. */
export function parseRation(p: Record<string, unknown>): Ration | null {
  const { version, feederId, planId, stages, meals } = p;
  if (!isNumber(version) || !isNumber(feederId) || !isNumber(planId) || !Array.isArray(stages) || !Array.isArray(meals)) return null;
  const st = (stages as unknown[]).map((s) => s as Record<string, unknown>);
  const ml = (meals as unknown[]).map((m) => m as Record<string, unknown>);
  if (st.length === 0 || ml.length === 0 || ml.length > 10) return null;
  if (!st.every((s) => s && isNumber(s.startDay) && isNumber(s.endDay) && isNumber(s.grams) && s.grams >= 0)) return null;
  if (!ml.every((m) => m && isNumber(m.start) && isNumber(m.end) && isNumber(m.share) && m.start < m.end)) return null;
  return {
    version,
    feederId,
    planId,
    stages: st.map((s) => ({ startDay: s.startDay as number, endDay: s.endDay as number, grams: s.grams as number })),
    meals: ml.map((m) => ({ start: m.start as number, end: m.end as number, share: m.share as number })),
  };
}

export class FeedConcentratorModel {
  readonly code: string;
  private readonly feeders: FeederState[];
  private readonly seen = new SeenIds();
  /** The concentrator's bus settings and its clock's offset from the simulation's, as last set. */
  serial: SerialPayload | null = null;
  clockOffsetMs = 0;

  constructor(private readonly cfg: ConcentratorConfig) {
    this.code = cfg.code;
    this.feeders = cfg.feeders.map((address) => ({
      address,
      id: null,
      ration: null,
      params: null,
      extra: { day: 0, grams: 0 },
      dayAt: 1,
      localDay: 0,
    }));
  }

  /** A feeder's parameters as last set (null: the factory's). */
  paramsOf(address: FeederAddress): FeederParamsPayload | null {
    return this.find(address)?.params ?? null;
  }

  private localDay(now: number): number {
    return Math.floor((now + this.cfg.utcOffsetMinutes * 60_000) / DAY_MS);
  }

  private minuteOfDay(now: number): number {
    const local = now + this.cfg.utcOffsetMinutes * 60_000;
    return (((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  }

  private find(a: FeederAddress): FeederState | undefined {
    return this.feeders.find((f) => f.address.collector === a.collector && f.address.feeder === a.feeder);
  }

  /** Installs a ration without a command (a feeder keeps its last ration across a restart of the simulator). */
  remember(address: FeederAddress, ration: Ration, now: number): boolean {
    const f = this.find(address);
    if (!f) return false;
    const first = f.ration === null || f.ration.planId !== ration.planId;
    f.ration = ration;
    f.id = ration.feederId;
    if (first) {
      // The sow's day in her stage when the plan reached her: spread over the plan's first weeks.
      const last = Math.max(...ration.stages.map((s) => s.endDay));
      f.dayAt = 1 + (hashSeed(`${this.code}:${ration.feederId}:day`, this.cfg.seed) % Math.max(1, Math.min(21, last)));
      f.localDay = this.localDay(now);
    }
    return true;
  }

  obey(cmd: Command, now: number): Ack {
    const params = cmd.params ?? {};
    if (cmd.op === 'getState') return { id: cmd.id, ok: true, msg: 'ok', data: this.values(now) };
    if (cmd.op === 'setFeederParams' || cmd.op === 'feedNow' || cmd.op === 'syncTime' || cmd.op === 'setSerial')
      return this.remote(cmd, now);
    if (cmd.op !== 'setRation') return { id: cmd.id, ok: false, msg: 'unknownOp', data: {} };
    const ration = parseRation(params);
    const { collector, feeder } = params;
    if (!ration || typeof collector !== 'string' || typeof feeder !== 'string')
      return { id: cmd.id, ok: false, msg: 'badParams', data: {} };
    if (!this.remember({ collector, feeder }, ration, now)) return { id: cmd.id, ok: false, msg: 'unknownFeeder', data: {} };
    return { id: cmd.id, ok: true, msg: 'ok', data: { version: ration.version, feederId: ration.feederId } };
  }

  /** A remote action (feeder-remote.ts) on the concentrator or one of its feeders. */
  private remote(cmd: Command, now: number): Ack {
    const p = cmd.params ?? {};
    const refuse = (msg: string): Ack => ({ id: cmd.id, ok: false, msg, data: {} });
    const { version, deviceId, collector, feeder } = p;
    if (!isNumber(version) || !isNumber(deviceId)) return refuse('badParams');
    const done = (data: Record<string, unknown>): Ack => ({ id: cmd.id, ok: true, msg: 'ok', data: { version, deviceId, ...data } });
    if (cmd.op === 'syncTime') {
      if (!isNumber(p.time)) return refuse('badParams');
      this.clockOffsetMs = p.time - now;
      return done({ offsetMs: this.clockOffsetMs });
    }
    if (cmd.op === 'setSerial') {
      const serial = readSerial(p);
      if (!serial) return refuse('badParams');
      this.serial = serial;
      return done({});
    }
    if (typeof collector !== 'string' || typeof feeder !== 'string') return refuse('badParams');
    const f = this.find({ collector, feeder });
    if (!f) return refuse('unknownFeeder');
    if (cmd.op === 'setFeederParams') {
      const params = readParams(p);
      if (!params) return refuse('badParams');
      f.id = deviceId;
      f.params = params;
      return done({});
    }
    const grams = readGrams(p);
    if (grams === null) return refuse('badParams');
    f.id = deviceId;
    if (this.seen.first(cmd.id)) {
      const day = this.localDay(now);
      f.extra = { day, grams: (f.extra.day === day ? f.extra.grams : 0) + grams };
    }
    return done({ grams });
  }

  /** Grams fed now today, on top of the ration. */
  private extraToday(f: FeederState, now: number): number {
    return f.extra.day === this.localDay(now) ? f.extra.grams : 0;
  }

  /** The feeder's animal's day today (clamped to the plan's last day). */
  dayOf(f: FeederState, now: number): number {
    const last = f.ration ? Math.max(...f.ration.stages.map((s) => s.endDay)) : 1;
    return Math.min(last, f.dayAt + Math.max(0, this.localDay(now) - f.localDay));
  }

  /** The fault of the feeder with platform id `feederId` on the local day of `now`, if it has one that day. */
  faultOf(feederId: number, now: number): FeederFaultWindow | null {
    return feederFaultOn(this.cfg.seed, this.code, feederId, this.localDay(now), this.cfg.faultChance ?? FEEDER_FAULT_CHANCE);
  }

  /** Planned and dispensed g today and the state, for one feeder with a ration. */
  today(f: FeederState, now: number): { planned: number; dispensed: number; state: number } {
    const r = f.ration!;
    const day = this.dayOf(f, now);
    const stage = r.stages.find((s) => day >= s.startDay && day <= s.endDay) ?? r.stages[r.stages.length - 1]!;
    const planned = stage.grams;
    const rng = new Rng(hashSeed(`${this.code}:${r.feederId}:${this.localDay(now)}`, this.cfg.seed));
    const refuses = rng.chance(this.cfg.refuseChance ?? 0.03);
    const minute = this.minuteOfDay(now);
    const fault = this.faultOf(r.feederId, now);
    let dispensed = 0;
    let state: number = FEEDER_STATE.idle;
    for (const m of r.meals) {
      const spread = 1 + Math.max(-SPREAD, Math.min(SPREAD, rng.normal() * 0.03));
      if (minute < m.start) continue;
      const meal = (planned * m.share) / 100;
      if (refuses) {
        // The check drop at the meal's start, unless the feeder was down then.
        if (workingMinutes(m.start, m.start + 1, fault) > 0) dispensed += Math.min(meal, CHECK_GRAMS);
        state = FEEDER_STATE.notEating;
      } else {
        // What fell while the feeder worked; a meal's part missed to a fault is not made up.
        const part = workingMinutes(m.start, Math.min(minute, m.end), fault) / (m.end - m.start);
        dispensed += meal * spread * part;
        if (minute < m.end) state = FEEDER_STATE.feeding;
      }
    }
    if (fault && minute >= fault.start && minute < fault.end) state = fault.state;
    return { planned, dispensed: Math.round(dispensed / 10) * 10, state };
  }

  values(now: number): Record<string, number> {
    const out: Record<string, number> = {};
    for (const f of this.feeders) {
      if (f.id === null) continue;
      const extra = this.extraToday(f, now);
      if (!f.ration) {
        // A feeder without a plan reports only what it was told to feed now.
        if (extra > 0) out[`feederFeed.${f.id}`] = extra;
        continue;
      }
      const t = this.today(f, now);
      out[`feederRation.${f.id}`] = t.planned;
      out[`feederFeed.${f.id}`] = t.dispensed + extra;
      out[`feederState.${f.id}`] = t.state;
    }
    return out;
  }

  step(_dt: number, now: number): StepResult {
    return { ts: now, online: true, events: [], values: this.values(now) };
  }
}
