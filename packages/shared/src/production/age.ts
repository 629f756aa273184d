/**
 * The one day-age rule of the product, used by the server, the web, the demo seed and the device
 * simulator: a flock's day age on a calendar day is the number of days since its hatch (birth)
 * date, so day-old chicks placed on their hatch day are day 0 on the placement day, as the
 * breeders' tables count (Ross 308 day 0 = 44 g, day 7 = 213 g). Pullets moved into a laying house
 * keep counting from their hatch, so a layer curve in weeks of age lines up too.
 */
import { DAY_MS } from '../constants.js';

const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'; no time zone or daylight-saving drift). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The calendar day `n` days after `day` ('YYYY-MM-DD'); before it when `n` is negative. */
export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

/** Day age on `day` ('YYYY-MM-DD') of a flock hatched on `birthDate`: 0 on the hatch / placement day. */
export function dayAgeOn(birthDate: string, day: string): number {
  return daysBetween(birthDate, day);
}

/** The calendar day on which a flock hatched on `birthDate` reaches `dayAge`. */
export function dayOfAge(birthDate: string, dayAge: number): string {
  return addDays(birthDate, dayAge);
}

/**
 * Whether a calendar day lies within a flock's life: from its placement day to its last day, the
 * stop day of a closed flock or today (in the farm's zone) for a living one. Records, the stop day
 * and a moved placement day must stay inside it (21016); the daily entry form greys out the rest.
 */
export function inFlockLife(day: string, startDate: string, lastDay: string): boolean {
  return day >= startDate && day <= lastDay;
}

/**
 * Week of age: the week whose last day is day 7 x n, as the breeders' weekly tables print it (the
 * day-7 weight closes week 1). Days 0..7 are week 1 (the placement day joins the first week),
 * 8..14 week 2, and so on.
 */
export function weekOfAge(dayAge: number): number {
  return Math.max(1, Math.ceil(dayAge / 7));
}

/**
 * Production types: a KPI is only computed over flocks of one type (FCR and EPEF are broiler
 * figures, laying rate a layer and breeder one, pullets are judged by weight and uniformity).
 */
export const PRODUCTION_TYPES = ['broiler', 'layer', 'breeder', 'pullet'] as const;
export type ProductionType = (typeof PRODUCTION_TYPES)[number];

/** POULTRY_SHED_TYPES: meat houses (1001 broiler, 1007 meat duck). */
const MEAT_SHEDS: ReadonlySet<number> = new Set([1001, 1007]);
/** Rearing houses (1004 rearing, 1005 grower): the birds are pullets whatever their later use. */
const REARING_SHEDS: ReadonlySet<number> = new Set([1004, 1005]);
/** Breeder houses (1003 breeder, 1009 breeder duck). */
const BREEDER_SHEDS: ReadonlySet<number> = new Set([1003, 1009]);
/** FLOCK_TYPES stored codes: 1 breeding, 2 feeding (meat birds). */
const FLOCK_BREEDING = 1;
const FLOCK_FEEDING = 2;

/**
 * A flock's production type from its flock type (what the birds are kept for) and its house type
 * (where they are now): feeding flocks and meat houses are broilers; a rearing or grower house holds
 * pullets; breeding flocks and breeder houses are breeders; every other hen, cock or mixed flock
 * is a laying flock.
 */
export function productionTypeOf(flockType: number, shedType: number | null | undefined): ProductionType {
  if (flockType === FLOCK_FEEDING || (shedType != null && MEAT_SHEDS.has(shedType))) return 'broiler';
  if (shedType != null && REARING_SHEDS.has(shedType)) return 'pullet';
  if (flockType === FLOCK_BREEDING || (shedType != null && BREEDER_SHEDS.has(shedType))) return 'breeder';
  return 'layer';
}
