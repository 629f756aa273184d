import { z } from 'zod';
import { NUMBER_ERROR } from '../schemas/common.js';
import { firstNonIncreasingDay } from './logic.js';

/**
 * Schema builders the climate setting groups share (heaters, fan stages, pumps, openings, curves,
 * lighting): the field kinds they are made of, and their lists of devices or points with the
 * rules over the whole list, reported per field. Each rule is written once here, so the same rule
 * answers the same way in every group.
 */

/** A number from min to max (the setting groups' degrees and percentages), coded per bound. */
export const inRange = (min: number, max: number) => z.number(NUMBER_ERROR).min(min, 'validation.invalid').max(max, 'validation.tooLarge');

/** A whole number from min to max (day ages, ppm), coded per bound. */
export const wholeInRange = (min: number, max: number) =>
  z.number(NUMBER_ERROR).int('validation.integer').min(min, 'validation.invalid').max(max, 'validation.tooLarge');

/** The number of a device of the house (heater 3, fan 2, ...): a whole number from 1 to `max`. */
export const deviceNumber = (max: number) =>
  z.number(NUMBER_ERROR).int('validation.integer').min(1, 'validation.positiveInteger').max(max, 'validation.tooLarge');

/** Index of the first value that was already given earlier in the list, else -1. */
export function firstRepeatedIndex(values: readonly unknown[]): number {
  return values.findIndex((v, i) => values.indexOf(v) < i);
}

/**
 * A rule over a whole setting list: the index of the first entry breaking it (-1: none), and the
 * field of that entry the refusal is reported on with its i18n key.
 */
export interface ListRule<T> {
  first: (items: readonly T[]) => number;
  field: string;
  message: string;
}

/** Each entry's key (a device number, kind and number) given once; the repeat is reported. */
export function uniqueBy<T>(key: (item: T) => unknown, field: string, message: string): ListRule<T> {
  return { first: (items) => firstRepeatedIndex(items.map(key)), field, message };
}

/** A value strictly increasing down the list (days, stage on points); the first one not is reported. */
export function increasingBy<T>(value: (item: T) => number, field: string, message: string): ListRule<T> {
  return { first: (items) => firstNonIncreasingDay(items.map(value)), field, message };
}

/** Reports the first entry breaking each rule, in the order of the rules. */
export function checkList<T>(rules: readonly ListRule<T>[]) {
  return (items: readonly T[], ctx: z.RefinementCtx): void => {
    for (const rule of rules) {
      const i = rule.first(items);
      if (i >= 0) ctx.addIssue({ code: 'custom', message: rule.message, path: [i, rule.field] });
    }
  };
}

/**
 * A setting group's list of devices or points: required, 1 to `max` entries, and `rules` over the
 * whole list, each reported on its first offending entry.
 */
export function settingList<T extends z.ZodType>(item: T, max: number, rules: readonly ListRule<z.output<T>>[] = []) {
  return z
    .array(item, { error: 'validation.required' })
    .min(1, 'validation.selectAtLeastOne')
    .max(max, 'validation.tooMany')
    .superRefine(checkList(rules));
}
