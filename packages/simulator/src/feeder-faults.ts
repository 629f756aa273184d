import { FEEDER_STATE } from '@farmsense/shared';
import { hashSeed, Rng } from './random.js';

/**
 * Feeder faults (shared feeding/feed-alarms.ts): now and then a feeder stops with a fault it
 * reports as its `feederState.n` until it is put right, then it works again.
 *   3 blocked auger  (feed bridging in the drop tube): cleared by the stockman in 20 min to 2 h
 *   4 empty hopper   (the feed line did not refill it): 30 min to 3 h until the line runs
 *   5 motor fault    (overload trip, a broken coupling): 1 to 4 h until a technician resets it
 * At most one fault per feeder and local day, with chance `chance`, inside that day (it starts
 * and ends between local midnights). While it lasts the feeder drops nothing; a meal's share
 * missed then is not made up. A function of the seed, the concentrator, the feeder and the day,
 * on a random stream of its own, so a restart reports the same faults and the meals' spread and
 * refusals do not move.
 */
export interface FeederFaultWindow {
  /** FEEDER_STATE.blockedAuger, emptyHopper or motorFault. */
  state: number;
  /** Local minutes of the day: from `start` (inclusive) to `end` (exclusive). */
  start: number;
  end: number;
}

/** Default chance a given feeder has a fault on a given day: some 2 a day on a house of 24 crates. */
export const FEEDER_FAULT_CHANCE = 0.08;

const KINDS: { state: number; weight: number; min: number; max: number }[] = [
  { state: FEEDER_STATE.blockedAuger, weight: 0.45, min: 20, max: 120 },
  { state: FEEDER_STATE.emptyHopper, weight: 0.35, min: 30, max: 180 },
  { state: FEEDER_STATE.motorFault, weight: 0.2, min: 60, max: 240 },
];

/** The fault of feeder `feederId` of concentrator `code` on local day `localDay`, or null. */
export function feederFaultOn(seed: number, code: string, feederId: number, localDay: number, chance: number): FeederFaultWindow | null {
  if (chance <= 0) return null;
  const rng = new Rng(hashSeed(`${code}:${feederId}:${localDay}:fault`, seed));
  if (!rng.chance(chance)) return null;
  let pick = rng.next();
  const kind = KINDS.find((k) => (pick -= k.weight) < 0) ?? KINDS[KINDS.length - 1]!;
  const length = Math.round(rng.range(kind.min, kind.max));
  const start = Math.floor(rng.range(0, 1440 - length));
  return { state: kind.state, start, end: start + length };
}

/** Minutes of [from, to) outside the fault window. */
export function workingMinutes(from: number, to: number, fault: FeederFaultWindow | null): number {
  if (to <= from) return 0;
  if (!fault) return to - from;
  const lost = Math.max(0, Math.min(to, fault.end) - Math.max(from, fault.start));
  return to - from - lost;
}
