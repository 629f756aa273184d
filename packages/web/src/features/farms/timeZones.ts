/**
 * IANA time zones for the farm form, from the browser's own list (Intl.supportedValuesOf), each
 * with its current UTC offset so an operator finds "UTC+07:00" without knowing the zone's name.
 * Offsets are read now: a zone with daylight saving shows the offset in force today.
 */
import { minuteText } from '@farmsense/shared';

export interface ZoneOption {
  value: string;
  label: string;
  /** Minutes east of UTC. */
  offset: number;
}

export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(part ?? '');
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `UTC${sign}${minuteText(Math.abs(minutes))}`;
}

function zoneNames(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes('UTC') ? list : [...list, 'UTC'];
}

let cache: { day: string; options: ZoneOption[] } | null = null;

/** Every zone as "(UTC+08:00) Asia/Shanghai", west to east; computed once a day. */
export function timeZoneOptions(at: Date = new Date()): ZoneOption[] {
  const day = at.toISOString().slice(0, 10);
  if (cache?.day === day) return cache.options;
  const options = zoneNames()
    .map((value) => {
      const offset = zoneOffsetMinutes(value, at);
      return { value, offset, label: `(${formatOffset(offset)}) ${value}` };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
  cache = { day, options };
  return options;
}

/** The zone's long name in a language ("China Standard Time", "中国标准时间"), for the name field. */
export function zoneLongName(zone: string, locale: string, at: Date = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return name ?? zone;
  } catch {
    return zone;
  }
}
