import { roundTo } from '@farmsense/shared';
import type { Ack, Command } from './commands.js';
import type { StepResult } from './model.js';
import { hashSeed, Rng } from './random.js';

/**
 * A silo weigher (gateway type 100, category 202): the load cells of a few feed towers, one
 * channel each, reported as `weight.<channel>` in kg (CONTRACT §4 telemetry; the platform binds
 * a silo to a weigher's channel, /weight/bind, and weighs the readings: silos/detect.ts of
 * packages/shared). What the silo holds:
 * - falls with what the feed line draws: a silo of its own house's feeders (`fed`) draws what
 *   they dispensed plus a little spill, once a meal is over (the line refills the hoppers after
 *   the meal), the others two thirds of `dailyKg` between 6 and 20 o'clock and the rest by night,
 *   minute by minute with some spread;
 * - rises when a truck comes: once a silo is under a quarter of its capacity at a working hour
 *   (9 to 16 o'clock), some 60-70 % of its capacity is blown in at 200 kg a minute;
 * - is read with a little noise (a share of the capacity, peak to peak).
 * The weight moves in whole minutes from the start, whatever the step length, on a random stream
 * per channel, so the same seed, start and minutes give the same weights; the noise of a reading
 * is a function of its minute. The demo starts each silo from its last stored reading, so the
 * live readings go on from the seeded history.
 *   getState {}  the current readings
 */
export interface SiloChannel {
  channel: number;
  capacityKg: number;
  /** What the silo holds at the start, kg. */
  startKg: number;
  /** kg drawn a day when no feeders meter the silo. */
  dailyKg: number;
  /** g the silo's feeders dispensed since local midnight at t (their `feederFeed.n` summed); the silo then draws these. */
  fed?: (t: number) => number;
  /** Reading noise, a share of the capacity peak to peak (default 0.004; newer cells 0.0002). */
  noise?: number;
}

export interface SiloScaleConfig {
  code: string;
  seed: number;
  utcOffsetMinutes: number;
  /** The moment the start weights hold (the last stored readings' time). */
  start: number;
  channels: SiloChannel[];
  /** Feed that leaves the silo beside what the feeders report (dust, spill); default 1.015. */
  spill?: number;
}

const MINUTE = 60_000;
/** A truck blows this much a minute into the silo. */
const FILL_KG_MIN = 200;
/** The longest stretch caught up at once (a demo restarted after weeks starts from then). */
const MAX_CATCH_UP_MIN = 30 * 1440;

interface Silo {
  cfg: SiloChannel;
  kg: number;
  /** kg of the delivery still to come. */
  filling: number;
  /** kg blown in since the start (tests compare what the platform detected). */
  delivered: number;
  /** g the running meal has dispensed, drawn once it is over. */
  meal: number;
  /** The feeders' day figure at the last minute. */
  lastFed: number | null;
  rng: Rng;
}

export class SiloScaleModel {
  readonly code: string;
  private readonly silos: Silo[];
  /** The minute (ms, whole minutes) the weights hold at. */
  private at: number;

  constructor(private readonly cfg: SiloScaleConfig) {
    this.code = cfg.code;
    this.at = Math.floor(cfg.start / MINUTE) * MINUTE;
    this.silos = cfg.channels.map((c) => ({
      cfg: c,
      kg: Math.max(0, Math.min(c.capacityKg, c.startKg)),
      filling: 0,
      delivered: 0,
      meal: 0,
      lastFed: null,
      rng: new Rng(hashSeed(`${cfg.code}:silo:${c.channel}`, cfg.seed)),
    }));
  }

  private localHour(t: number): number {
    return new Date(t + this.cfg.utcOffsetMinutes * MINUTE).getUTCHours();
  }

  /** kg drawn in the minute ending at t. */
  private draw(s: Silo, t: number): number {
    const c = s.cfg;
    if (!c.fed) {
      const hour = this.localHour(t);
      const share = hour >= 6 && hour < 20 ? 2 / 3 / 14 : 1 / 3 / 10;
      return ((c.dailyKg * share) / 60) * (0.8 + s.rng.next() * 0.4);
    }
    const before = s.lastFed ?? c.fed(t - MINUTE);
    const after = c.fed(t);
    s.lastFed = after;
    // Past local midnight the feeders count from nothing again: the minute's feed is what fell since.
    const fell = after >= before ? after - before : after;
    s.meal += fell;
    if (fell > 0 || s.meal === 0) return 0;
    const drawn = (s.meal / 1000) * (this.cfg.spill ?? 1.015);
    s.meal = 0;
    return drawn;
  }

  /** Moves every silo on, minute by minute, up to `now`. */
  advance(now: number): void {
    const to = Math.floor(now / MINUTE) * MINUTE;
    if (to - this.at > MAX_CATCH_UP_MIN * MINUTE) this.at = to - MAX_CATCH_UP_MIN * MINUTE;
    while (this.at < to) {
      this.at += MINUTE;
      const hour = this.localHour(this.at);
      for (const s of this.silos) {
        s.kg -= this.draw(s, this.at);
        if (s.filling === 0 && s.kg < s.cfg.capacityKg * 0.25 && hour >= 9 && hour < 16)
          s.filling = Math.round(s.cfg.capacityKg * (0.6 + s.rng.next() * 0.1));
        if (s.filling > 0) {
          const now = Math.min(s.filling, FILL_KG_MIN);
          s.kg += now;
          s.filling -= now;
          s.delivered += now;
        }
        s.kg = Math.max(0, s.kg);
      }
    }
  }

  /** What a channel's silo holds now, kg (no noise; tests). */
  weightOf(channel: number): number | null {
    return this.silos.find((s) => s.cfg.channel === channel)?.kg ?? null;
  }

  /** kg delivered to a channel's silo since the start. */
  deliveredOf(channel: number): number {
    return this.silos.find((s) => s.cfg.channel === channel)?.delivered ?? 0;
  }

  /** Whether a channel's silo is being filled. */
  fillingOf(channel: number): boolean {
    return (this.silos.find((s) => s.cfg.channel === channel)?.filling ?? 0) > 0;
  }

  values(now: number): Record<string, number> {
    this.advance(now);
    const out: Record<string, number> = {};
    for (const s of this.silos) {
      const c = s.cfg;
      const rnd = new Rng(hashSeed(`${this.code}:${c.channel}:${this.at}`, this.cfg.seed)).next();
      const noise = (rnd - 0.5) * c.capacityKg * (c.noise ?? 0.004);
      out[`weight.${c.channel}`] = roundTo(Math.max(0, s.kg + noise), 1);
    }
    return out;
  }

  obey(cmd: Command, now: number): Ack {
    if (cmd.op === 'getState') return { id: cmd.id, ok: true, msg: 'ok', data: this.values(now) };
    return { id: cmd.id, ok: false, msg: 'unknownOp', data: {} };
  }

  step(_dt: number, now: number): StepResult {
    return { ts: now, online: true, events: [], values: this.values(now) };
  }
}
