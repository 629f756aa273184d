/**
 * Silo (feed tower) weighing from load-cell readings (issue 15, SPEC §4 "Feed tower"): pure logic,
 * run by the server's ingest subscriber reading by reading and checked by detect.test.ts.
 *
 * Load cells are noisy (wind, vibration of the auger, temperature), a person on the ladder or a
 * knock gives a spike, and a delivery is a rise of tonnes within minutes while the feed line keeps
 * drawing feed. So:
 * - each reading goes through a running median of `window` readings: a spike of fewer than half
 *   the window never reaches the level;
 * - consumption is counted against a reference that only moves down, and only when the level is
 *   below it by more than the noise band: noise is never summed as consumption, and the day's sum
 *   is off by at most one noise band;
 * - a delivery starts when the level is above the reference by `minDeliveryKg`, grows while new
 *   peaks come, and is recorded once no new peak came for `settleMs`; a rise that falls back below
 *   the start plus `minDeliveryKg` before that (a load on the silo that goes away) is no delivery.
 *   Its kg is the rise plus what the feed line drew meanwhile (the recent consumption rate), and
 *   that drawn feed counts as consumption too.
 */
import { roundTo } from '../numbers.js';

export const SILO_LEVELS = ['normal', 'empty', 'full'] as const;
export type SiloLevel = (typeof SILO_LEVELS)[number];
export const SILO_WEIGHT_STATES = ['stable', 'dynamic', 'overload', 'underload'] as const;
export type SiloWeightState = (typeof SILO_WEIGHT_STATES)[number];
export const SILO_ACTIONS = ['none', 'loading', 'unloading'] as const;
export type SiloAction = (typeof SILO_ACTIONS)[number];

export interface DetectParams {
  capacityKg: number;
  /** Half the peak-to-peak noise of the filtered level, kg. */
  noiseKg: number;
  /** The smallest rise recorded as a delivery, kg. */
  minDeliveryKg: number;
  /** Readings in the running median (odd). */
  window: number;
  /** A delivery ends when no new peak came for this long, ms. */
  settleMs: number;
}

/** Defaults from the silo's capacity: noise 0.5 % (at least 10 kg), deliveries from 3 % (at least 200 kg). */
export function detectParams(capacityKg: number): DetectParams {
  const noiseKg = Math.max(10, capacityKg * 0.005);
  return { capacityKg, noiseKg, minDeliveryKg: Math.max(200, capacityKg * 0.03, noiseKg * 6), window: 5, settleMs: 15 * 60_000 };
}

export interface Rising {
  startTs: number;
  startKg: number;
  peakKg: number;
  peakTs: number;
}

/** What the detector keeps between readings (stored per silo as JSON). */
export interface TrackState {
  /** The last raw readings, oldest first, at most `window`. */
  recent: number[];
  lastTs: number | null;
  /** The level consumption is counted from (only moves down, but for a delivery). */
  refKg: number | null;
  refTs: number | null;
  rising: Rising | null;
  /** Smoothed consumption rate, kg per hour. */
  rateKgH: number | null;
}

export const EMPTY_TRACK: TrackState = { recent: [], lastTs: null, refKg: null, refTs: null, rising: null, rateKgH: null };

export type SiloEvent = { kind: 'delivery'; startTs: number; ts: number; kg: number } | { kind: 'consumption'; ts: number; kg: number };

export interface StepResult {
  state: TrackState;
  events: SiloEvent[];
  /** The filtered level, kg. */
  weightKg: number;
  action: SiloAction;
  weightState: SiloWeightState;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const HOUR = 3_600_000;

/** A reading at or before the last one changes nothing (redelivery, replay): the caller skips it. */
export function isNewReading(state: TrackState, ts: number): boolean {
  return state.lastTs === null || ts > state.lastTs;
}

/** One reading (`kg` raw, at `ts`), newer than the last: the next state and what happened. */
export function stepSilo(prev: TrackState, ts: number, kg: number, p: DetectParams): StepResult {
  const recent = [...prev.recent, kg].slice(-p.window);
  const level = median(recent);
  const events: SiloEvent[] = [];
  let { refKg, refTs, rising, rateKgH } = prev;
  let action: SiloAction = 'none';

  if (refKg === null || refTs === null) {
    refKg = level;
    refTs = ts;
  } else if (rising) {
    action = 'loading';
    if (level < rising.startKg + p.minDeliveryKg) {
      // Back down before it settled: a passing load, not feed. Consumption goes on from here.
      rising = null;
      refKg = Math.min(refKg, level);
      action = 'none';
    } else if (level > rising.peakKg + p.noiseKg) {
      rising = { ...rising, peakKg: level, peakTs: ts };
    } else if (level > rising.peakKg) {
      rising = { ...rising, peakKg: level };
    } else if (ts - rising.peakTs >= p.settleMs) {
      const drawn = ((rateKgH ?? 0) * (rising.peakTs - rising.startTs)) / HOUR;
      events.push({ kind: 'delivery', startTs: rising.startTs, ts: rising.peakTs, kg: roundTo(rising.peakKg - rising.startKg + drawn, 1) });
      if (drawn > 0) events.push({ kind: 'consumption', ts: rising.peakTs, kg: roundTo(drawn, 1) });
      // Consumption after the peak (settling) is counted from the peak.
      refKg = rising.peakKg;
      refTs = rising.peakTs;
      rising = null;
      action = 'none';
    }
  } else if (level >= refKg + p.minDeliveryKg) {
    rising = { startTs: prev.lastTs ?? ts, startKg: refKg, peakKg: level, peakTs: ts };
    action = 'loading';
  }

  if (!rising && level < refKg - p.noiseKg) {
    const used = refKg - level;
    const hours = (ts - refTs) / HOUR;
    if (hours > 0) {
      const r = used / hours;
      // Smoothed over the recent drops; a long gap (device offline) weighs as much as its hours.
      const w = Math.min(1, hours / 6);
      rateKgH = rateKgH === null ? r : rateKgH + (r - rateKgH) * w;
    }
    events.push({ kind: 'consumption', ts, kg: roundTo(used, 1) });
    refKg = level;
    refTs = ts;
    action = 'unloading';
  }

  const state: TrackState = { recent, lastTs: ts, refKg, refTs, rising, rateKgH };
  return { state, events, weightKg: roundTo(level, 1), action, weightState: weightStateOf(recent, level, p) };
}

/**
 * Overload: more than the silo holds (5 % over its capacity) or a cell beyond range; underload: a
 * level below zero by more than the noise (a cell fault or a broken cable); dynamic: the raw
 * readings of the window spread wider than the noise allows (filling, a load, vibration).
 */
export function weightStateOf(recent: readonly number[], level: number, p: DetectParams): SiloWeightState {
  if (level > p.capacityKg * 1.05) return 'overload';
  if (level < -p.noiseKg) return 'underload';
  if (recent.length > 1 && Math.max(...recent) - Math.min(...recent) > p.noiseKg * 4) return 'dynamic';
  return 'stable';
}

/** Empty alarm at or below `emptyPct` of capacity, full alarm at or above `fullPct`. */
export function levelOf(weightKg: number, capacityKg: number, emptyPct: number, fullPct: number): SiloLevel {
  const pct = (weightKg / capacityKg) * 100;
  if (pct <= emptyPct) return 'empty';
  if (pct >= fullPct) return 'full';
  return 'normal';
}
