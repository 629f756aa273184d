import { clamp } from './physics.js';
import type { Rng } from './random.js';

/**
 * What goes wrong on a real farm: a sensor stops answering for a while (its key is missing from
 * the readings), and the gateway loses its link now and then (no readings at all, status
 * offline, then back). Both are Poisson processes on their own random stream, so the noise of the
 * readings and the step length do not move the fault times.
 */
export interface FaultOptions {
  /** Mean time between link losses, and their mean length, ms. */
  offlineEvery: number;
  offlineMean: number;
  /** Mean time between drop-outs of one sensor, and their mean length, ms. */
  dropoutEvery: number;
  dropoutMean: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_FAULTS: FaultOptions = {
  offlineEvery: 4 * DAY,
  offlineMean: 20 * MINUTE,
  dropoutEvery: 6 * DAY,
  dropoutMean: 30 * MINUTE,
};

export class Faults {
  private offlineUntil: number | null = null;
  private nextOffline = Number.NaN;
  private readonly dropped = new Map<string, number>();
  private readonly nextDrop = new Map<string, number>();

  constructor(
    private readonly rng: Rng,
    private readonly sensorKeys: readonly string[],
    private readonly opts: FaultOptions | null,
  ) {}

  /**
   * Advances the fault processes to `now`. Each process draws the time of its next event when the
   * previous one ends, so the schedule does not depend on how often it is asked.
   */
  advance(now: number): void {
    if (this.offlineUntil !== null && now >= this.offlineUntil) this.offlineUntil = null;
    for (const [key, until] of this.dropped) if (now >= until) this.dropped.delete(key);
    const o = this.opts;
    if (!o) return;
    if (Number.isNaN(this.nextOffline)) {
      this.nextOffline = now + this.rng.exponential(o.offlineEvery);
      for (const key of this.sensorKeys) this.nextDrop.set(key, now + this.rng.exponential(o.dropoutEvery));
    }
    if (this.offlineUntil === null && now >= this.nextOffline) {
      this.offlineUntil = this.nextOffline + clamp(this.rng.exponential(o.offlineMean), 3 * MINUTE, 3 * HOUR);
      this.nextOffline = this.offlineUntil + this.rng.exponential(o.offlineEvery);
      if (now >= this.offlineUntil) this.offlineUntil = null;
    }
    for (const key of this.sensorKeys) {
      const at = this.nextDrop.get(key)!;
      if (now < at) continue;
      const until = at + clamp(this.rng.exponential(o.dropoutMean), 5 * MINUTE, 4 * HOUR);
      if (now < until) this.dropped.set(key, until);
      this.nextDrop.set(key, until + this.rng.exponential(o.dropoutEvery));
    }
  }

  get online(): boolean {
    return this.offlineUntil === null;
  }

  /** When the current link loss ends (null while online). */
  get offlineUntilTs(): number | null {
    return this.offlineUntil;
  }

  isDropped(key: string): boolean {
    return this.dropped.has(key);
  }

  /** Tests and demos: take the link down now for `ms`. */
  forceOffline(now: number, ms: number): void {
    this.offlineUntil = now + ms;
  }

  /** Tests and demos: silence one sensor now for `ms`. */
  forceDropout(key: string, now: number, ms: number): void {
    this.dropped.set(key, now + ms);
  }
}
