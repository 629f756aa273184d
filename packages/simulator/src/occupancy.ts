import type { ShedProfile } from './profiles.js';

/**
 * Whether a house has animals in it, and of which day age: by the model's own batch cycle
 * (growDays occupied, emptyDays of cleaning, repeated), or, while the live demo follows the
 * farm's flock register, by the register's current flock.
 */
export interface Occupancy {
  occupied: boolean;
  /** Days since placement within the current batch (fractional). */
  age: number;
  dayAge: number | null;
  /** The last day before placement: the empty house is heated up for the next batch. */
  preheat: boolean;
  /** Days since the house was emptied (cleaning days), null while occupied. */
  emptyFor: number | null;
}

/**
 * A flock from the farm's flock register that the model follows instead of its own cycle. Both
 * count day age by the one rule of the product (shared production/age.ts): days since hatch, so
 * day-olds placed on their hatch day are day 0 on placement day. The model reports `dayAge` as
 * given, as `dayAge.1`, and advances it at local midnight.
 */
export interface FollowedFlock {
  /** Day age today, as the register counts it. */
  dayAge: number;
  /** Birds present. */
  head: number;
}

/** What the model knows of an empty house it follows (both optional, ms since the epoch). */
export interface EmptyHouse {
  /** When the last flock left (the midnight after its last day): the first days are washing days. */
  since?: number | null;
  /** When the next flock is placed: the day before it the house is heated up. */
  next?: number | null;
}

/** The register's word as the model keeps it: day age 0 began at `placedAt` (local midnight). */
export type Follow = { occupied: true; placedAt: number; head: number } | { occupied: false; since: number; next: number | null };

const DAY = 86_400_000;

/** The built-in cycle from a placement at `placedAt` (local midnight of placement day, day age 0). */
export function cycleOccupancy(p: ShedProfile, placedAt: number, now: number): Occupancy {
  const elapsed = (now - placedAt) / DAY;
  if (!Number.isFinite(p.growDays)) {
    return { occupied: true, age: Math.max(0, elapsed), dayAge: Math.max(0, Math.floor(elapsed)), preheat: false, emptyFor: null };
  }
  const cycle = p.growDays + p.emptyDays;
  const phase = ((elapsed % cycle) + cycle) % cycle;
  if (phase < p.growDays) return { occupied: true, age: phase, dayAge: Math.floor(phase), preheat: false, emptyFor: null };
  return { occupied: false, age: phase, dayAge: null, preheat: phase >= cycle - 1, emptyFor: phase - p.growDays };
}

/** A followed flock stays in as long as the register says so (no growDays limit). */
export function followedOccupancy(f: Follow, now: number): Occupancy {
  if (f.occupied) {
    const elapsed = (now - f.placedAt) / DAY;
    return { occupied: true, age: Math.max(0, elapsed), dayAge: Math.max(0, Math.floor(elapsed)), preheat: false, emptyFor: null };
  }
  const emptyFor = Math.max(0, (now - f.since) / DAY);
  const preheat = f.next !== null && now < f.next && now >= f.next - DAY;
  return { occupied: false, age: emptyFor, dayAge: null, preheat, emptyFor };
}
