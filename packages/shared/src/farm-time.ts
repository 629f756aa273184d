/**
 * Calendar days in a farm's time zone (SPEC §3 Farm "time zone"): a farm in Bangkok closes its
 * day at 17:00 UTC, one in Moscow at 21:00 UTC, and on daylight-saving changes a day lasts 23 or
 * 25 hours. Reports and daily records group readings by these days, never by the server's zone;
 * the console reads "today" of a farm by the same rule.
 */
import { pad2 } from './numbers.js';
import { addDays } from './production/age.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone, which callers validated before storing.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * An instant as the wall-clock time the zone shows, held as a Date read in UTC: what a
 * spreadsheet date cell (which has no zone) must hold to show the farm's local time.
 */
export function wallDate(instant: number, timeZone: string): Date {
  return new Date(instant + zoneOffsetMs(instant, timeZone));
}

/** The YYYY-MM-DD calendar day an instant falls on in the zone. */
export function farmDay(date: Date, timeZone: string): string {
  const w = wallClock(date.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): [number, number, number] {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`no such day: ${day}`);
  }
  return [y, mo, d];
}

/**
 * The first instant of a day in the zone. Local midnight is tried with the offsets in force just
 * before and after it; where a clock change skips midnight (e.g. America/Santiago) the day begins
 * at the first instant that belongs to it, which is what the later candidate gives.
 */
function startOfDay(day: string, timeZone: string): number {
  const [y, mo, d] = parseDay(day);
  const naive = Date.UTC(y, mo - 1, d);
  const candidates = new Set<number>();
  for (const probe of [naive - 86_400_000, naive, naive + 86_400_000]) {
    candidates.add(naive - zoneOffsetMs(probe, timeZone));
  }
  const valid = [...candidates].filter((c) => farmDay(new Date(c), timeZone) === day).sort((a, b) => a - b);
  const first = valid[0];
  if (first === undefined) throw new RangeError(`day ${day} has no start in ${timeZone}`);
  // A skipped midnight puts the candidate after the change; step back while still the same day.
  let start = first;
  for (const step of [3_600_000, 1_800_000, 900_000]) {
    while (farmDay(new Date(start - step), timeZone) === day) start -= step;
  }
  return start;
}

export interface DayRange {
  /** First instant of the day (inclusive). */
  start: Date;
  /** First instant of the next day (exclusive). */
  end: Date;
}

/** The UTC instants a farm's calendar day spans: [start, end). */
export function dayRange(day: string, timeZone: string): DayRange {
  return { start: new Date(startOfDay(day, timeZone)), end: new Date(startOfDay(addDays(day, 1), timeZone)) };
}
