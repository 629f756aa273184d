import { openingAtTemperature, windowPayload, type OpeningSetting } from '@farmsense/shared';
import { clamp, slew } from './physics.js';

/**
 * The inlets and curtains the platform sets by remote control:
 *
 *   setOpenings {version, openings: [{kind, index, control, pressureTarget, pressureBand, openFrom, fullyOpen, minOpen, maxOpen}]}
 *     side and roof inlets move the controller's inlets (`window.<index>`: the simulated house does
 *     not tell wall from roof inlets), curtains its curtains (`curtain.<index>`). By static pressure
 *     an opening moves toward the opening that brings the pressure to its target and holds while
 *     the pressure is within the band; by temperature it follows a straight line from open-from to
 *     fully-open (°C over the set point). Always between min and max %. Checked by the shared
 *     rules as the firmware would: malformed 'badParams', off limits 'outOfRange', an opening the
 *     house does not have 'noSuchDevice'.
 */
export type OpeningParams = OpeningSetting;

/** The actuator an opening moves. */
export const openingKey = (o: Pick<OpeningSetting, 'kind' | 'index'>): string =>
  `${o.kind === 'curtain' ? 'curtain' : 'window'}.${o.index}`;

/** Static pressure, Pa: rises with the fans' share of their capacity against the inlets' share open. */
export function pressureOf(fanShare: number, inletShare: number): number {
  if (fanShare < 0.001) return 1;
  return clamp(6 + 22 * (fanShare / Math.max(inletShare, 0.05)) ** 1.5, 0, 90);
}

/** The inlet share (0-1) that gives `pa` with the fans at `fanShare` (the inverse of pressureOf); fully open at 6 Pa and under. */
export function inletFor(pa: number, fanShare: number): number {
  if (pa <= 6) return 1;
  return clamp(fanShare / ((pa - 6) / 22) ** (2 / 3), 0, 1);
}

const RANGE_ISSUES = new Set(['too_big', 'too_small', 'custom']);

/** The openings of a `setOpenings` command; a word saying why not when it cannot be taken. */
export function parseOpenings(
  raw: unknown,
  counts: { windows: number; curtains: number },
): OpeningParams[] | 'badParams' | 'outOfRange' | 'noSuchDevice' {
  const r = windowPayload.safeParse({ openings: raw });
  if (!r.success) return r.error.issues.every((i) => RANGE_ISSUES.has(i.code)) ? 'outOfRange' : 'badParams';
  const has = (o: OpeningParams) => o.index <= (o.kind === 'curtain' ? counts.curtains : counts.windows);
  return r.data.openings.every(has) ? r.data.openings : 'noSuchDevice';
}

/**
 * An opening's next value (%) from `prev`: toward what its pressure or temperature rule wants, at
 * the motor's `speed` (% per second) over `dt` seconds, within its min and max.
 */
export function openingNext(
  o: OpeningParams,
  prev: number,
  room: { e: number; fanShare: number; inletShare: number; dt: number; speed: number },
): number {
  let want: number;
  if (o.control === 'temperature') want = openingAtTemperature(o, room.e);
  else {
    const pa = pressureOf(room.fanShare, room.inletShare);
    want = Math.abs(pa - o.pressureTarget) <= o.pressureBand ? prev : 100 * inletFor(o.pressureTarget, room.fanShare);
  }
  return Math.round(clamp(slew(prev, clamp(want, o.minOpen, o.maxOpen), room.speed * room.dt), o.minOpen, o.maxOpen));
}
