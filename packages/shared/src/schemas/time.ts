import { z } from 'zod';
import { idParam, isPlainText, optionalText } from './common.js';
import { toMillis } from '../constants.js';

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

/** An id filter of a list query (farmId, shedId, ...): optional, an emptied one ('' or null) is absent. */
export const idFilter = () => z.preprocess(blankAsAbsent, idParam.optional());

/** A text filter of a list query (name, keyword): optional, plain text, an emptied one is absent. */
export const textFilter = () => z.preprocess(blankAsAbsent, optionalText());
