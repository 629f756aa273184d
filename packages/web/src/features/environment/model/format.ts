import { keyUnit } from '@farmsense/shared';
import { hasKey, tk } from '../../../app/i18n/i18n';
import { formatDateTime, formatDecimal, intlLocale } from '../../../app/i18n/numbers';

export { intlLocale };

/**
 * How environment values are written everywhere in the console: the same decimals per kind, the
 * unit after a thin space, sensor names from `environment.key.<prefix>` ("Temperature 2"), and
 * durations and "how long ago" in the reader's language.
 */
const DECIMALS: Record<string, number> = {
  temp: 1,
  outTemp: 1,
  targetTemp: 1,
  rh: 1,
  co2: 0,
  nh3: 1,
  h2s: 2,
  pa: 1,
  light: 0,
  wind: 2,
  ph: 2,
  fan: 0,
  window: 0,
  curtain: 0,
  vent: 0,
  heater: 0,
  pump: 0,
  mist: 0,
  water: 1,
  elec: 2,
  feed: 1,
  weight: 1,
  dayAge: 0,
};

export function prefixOf(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

export function channelOf(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? '' : key.slice(dot + 1);
}

export function decimalsOf(kindOrKey: string): number {
  return DECIMALS[prefixOf(kindOrKey)] ?? 1;
}

/** A number with the kind's decimals in the console language ("23,4" in Russian); '–' when there is none. */
export function fmtNumber(value: number | null | undefined, kindOrKey: string): string {
  return formatDecimal(value, decimalsOf(kindOrKey));
}

/** "23.4 °C", "1,450 ppm"; '–' when there is no value. */
export function fmtValue(
  value: number | null | undefined,
  kindOrKey: string,
  unit = keyUnit(kindOrKey.includes('.') ? kindOrKey : `${kindOrKey}.1`),
): string {
  const n = fmtNumber(value, kindOrKey);
  return n === '–' || !unit ? n : `${n}\u2009${unit}`;
}

/** Name of a kind (`environment.kind.temp` = Temperature). */
export function kindLabel(kind: string): string {
  const key = `environment.kind.${kind}`;
  return hasKey(key) ? tk(key) : kind;
}

/** Name of a value key: "Temperature 2", "Fan 1", "Outdoor temperature"; the key itself when unknown. */
export function keyLabel(key: string): string {
  const full = `environment.key.${prefixOf(key)}`;
  return hasKey(full) ? tk(full, { n: channelOf(key) }) : key;
}

/** "Temperature 2 (°C)". */
export function keyHeader(key: string, unit = keyUnit(key)): string {
  return unit ? `${keyLabel(key)} (${unit})` : keyLabel(key);
}

/** "5 min ago", "3 小时前": how long before `now` the moment `ts` was. */
export function fmtAgo(ts: number, now: number): string {
  const s = Math.max(0, Math.round((now - ts) / 1000));
  const rtf = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto', style: 'short' });
  if (s < 45) return rtf.format(-s, 'second');
  const m = Math.round(s / 60);
  if (m < 60) return rtf.format(-m, 'minute');
  const h = Math.round(m / 60);
  if (h < 48) return rtf.format(-h, 'hour');
  return rtf.format(-Math.round(h / 24), 'day');
}

/** "2 d 3 h", "1 h 05 min", "42 s": a length of time, at most two units. */
export function fmtDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const part = (unit: string, count: number): string => tk(`environment.duration.${unit}`, { count });
  if (d > 0) return h > 0 ? `${part('d', d)} ${part('h', h)}` : part('d', d);
  if (h > 0) return m > 0 ? `${part('h', h)} ${part('m', m)}` : part('h', h);
  if (m > 0) return part('m', m);
  return part('s', s);
}

export function fmtTime(ts: number | null | undefined, withSeconds = false): string {
  if (ts === null || ts === undefined) return '–';
  return formatDateTime(ts, { seconds: withSeconds });
}
