import { z } from 'zod';
import { idParam, isPlainText, optionalText } from './common.js';
import { DAY_MS, QUERY_RANGE_MAX_DAYS, toMillis } from '../constants.js';

/**
 * A moment as the web sends it: epoch milliseconds (10-digit numbers are seconds, SPEC §9), or an
 * ISO 8601 date / date-time string. Anything else is refused with `validation.invalid`.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function toDate(v: number | string): Date | null {
  let ms: number;
  if (typeof v === 'number') ms = toMillis(v);
  else if (/^\d{1,15}$/.test(v)) ms = toMillis(Number(v));
  else if (ISO_DATE_TIME.test(v)) ms = Date.parse(v.replace(' ', 'T'));
  else return null;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d;
}

export const dateTimeInput = z
  .union(
    [
      z.number().int('validation.invalid'),
      z.string().refine(isPlainText, 'validation.invalidCharacters').trim().min(1, 'validation.required').max(40, 'validation.maxLength'),
    ],
    {
      error: 'validation.invalid',
    },
  )
  .transform((v, ctx) => {
    const d = toDate(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
      return z.NEVER;
    }
    return d;
  });

/** Blank query-string values ('' from an emptied filter) count as absent. */
export const blankAsAbsent = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/**
 * An optional input where a blank ('' from a cleared field or filter, or null) counts as absent;
 * anything else must pass `schema`. Every list filter and optional choice takes this rule.
 */
export const absentIfBlank = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

/** An id filter of a list query (farmId, shedId, ...). */
export const idFilter = () => absentIfBlank(idParam);

/** The farm and house filters of a list query (`...shedFilters`): each optional, an emptied one absent. */
export const shedFilters = { farmId: idFilter(), shedId: idFilter() };

/** A time filter of a list query (startTime, endTime). */
export const timeFilter = () => absentIfBlank(dateTimeInput);

/** A text filter of a list query (name, keyword): optional, plain text, an emptied one is absent. */
export const textFilter = () => z.preprocess(blankAsAbsent, optionalText());

/**
 * SPEC §5/§9: a query's startTime..endTime spans at most QUERY_RANGE_MAX_DAYS days; a longer one is
 * `validation.rangeMaxDays` on endTime (an end before the start is the service's 20027). Zod runs a
 * refinement even when a time failed its own check (then it is not a Date), so only two good times
 * are compared; the failed field already carries its issue. Use with `.superRefine`.
 */
export function withinQueryRange(v: { startTime?: unknown; endTime?: unknown }, ctx: z.RefinementCtx): void {
  const { startTime, endTime } = v;
  if (startTime instanceof Date && endTime instanceof Date && endTime.getTime() - startTime.getTime() > QUERY_RANGE_MAX_DAYS * DAY_MS) {
    ctx.addIssue({ code: 'custom', message: 'validation.rangeMaxDays', path: ['endTime'] });
  }
}
