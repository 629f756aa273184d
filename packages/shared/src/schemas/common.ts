import { z } from 'zod';
import { INPUT_MAX_LENGTH } from '../constants.js';

/**
 * Field helpers: the building blocks of every request schema (issue 16, strict input). Messages
 * are i18n keys (namespace `validation`), translated by the form on the web; the server maps any
 * schema failure to code 99996 and returns the issues' keys and fields in `data`.
 *
 * Input is refused, never coerced: text holds no control characters (tab and newline only in free
 * text) and no lone UTF-16 surrogates; ids and counts in query strings and paths are canonical
 * digits (`true`, `[[1]]`, `"1e3"`, `"-5"` and `"lots"` are refused); request objects are strict
 * (an unknown field is refused by name). Text is at most INPUT_MAX_LENGTH (SPEC §9) unless stated.
 */

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `s` is text a person could have typed on one line (no controls, tabs or line breaks). */
export function isPlainText(s: string): boolean {
  return !CONTROL.test(s) && !LINE_BREAK_OR_TAB.test(s) && !LONE_SURROGATE.test(s);
}

/** Whether `s` is acceptable free text (remarks, descriptions): tabs and line breaks allowed. */
export function isFreeText(s: string): boolean {
  return !CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

/** A string of at most `max` characters with no control characters (the base of every text field). */
export const plainString = (max = INPUT_MAX_LENGTH) =>
  z.string({ error: 'validation.invalid' }).refine(isPlainText, 'validation.invalidCharacters').max(max, 'validation.maxLength');

export const requiredText = (max = INPUT_MAX_LENGTH) =>
  z
    .string({ error: 'validation.required' })
    .refine(isPlainText, 'validation.invalidCharacters')
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.maxLength');

/** Optional text checked by `allowed`: blank input counts as absent ('' and spaces become undefined, so a following check skips it). */
const optionalChecked =
  (allowed: (s: string) => boolean) =>
  (max = INPUT_MAX_LENGTH) =>
    z
      .string({ error: 'validation.invalid' })
      .refine(allowed, 'validation.invalidCharacters')
      .trim()
      .max(max, 'validation.maxLength')
      .optional()
      .transform((v) => (v === '' ? undefined : v));

/** Plain text (names, codes): no control characters; optional. */
export const optionalText = optionalChecked(isPlainText);

/** Free text (remarks, notes): tabs and line breaks allowed, other controls refused; optional. */
export const optionalFreeText = optionalChecked(isFreeText);

/** A password or safe code as base64 RSA-OAEP ciphertext (CONTRACT §3). */
export const cipherText = z
  .string({ error: 'validation.required' })
  .refine(isPlainText, 'validation.invalidCharacters')
  .min(1, 'validation.required')
  .max(2048, 'validation.maxLength');

/** The largest id a row may have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^(0|[1-9][0-9]{0,14})$/;
/** Canonical digits become a number; anything else stays as sent, so the number check refuses it. */
const digitsAsNumber = (v: unknown): unknown => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);

/** A row id in a JSON body: a positive integer number, never text or a boolean. */
export const bodyId = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .positive('validation.required')
  .max(MAX_ID, 'validation.invalid');

/** 1 to `max` row ids in a JSON body, none twice; `emptyMessage` is the issue of an empty list. */
export const distinctIds = (max: number, emptyMessage = 'validation.selectAtLeastOne') =>
  z
    .array(bodyId, { error: 'validation.required' })
    .min(1, emptyMessage)
    .max(max, 'validation.tooMany')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid');

/** A row id in a path or query string: canonical digits (or a number), nothing else. */
export const idParam = z.preprocess(digitsAsNumber, bodyId);

/** A count or number in a query string: canonical digits within [min, max]. */
export const countParam = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    digitsAsNumber,
    z.number({ error: 'validation.invalid' }).int('validation.invalid').min(min, 'validation.invalid').max(max, 'validation.invalid'),
  );

/** A request object: unknown fields are refused by name, never dropped silently. */
export const strictObject = z.strictObject;

/**
 * The message of a number field: empty is "required"; typed text that is not a number (the form's
 * number field hands it on as NaN) or a string in a JSON body is "enter a number".
 */
export const NUMBER_ERROR = {
  error: (issue: { input?: unknown }): string => (issue.input == null ? 'validation.required' : 'validation.number'),
};

export const pageQuery = z.strictObject({
  pageNo: countParam(1).default(1),
  pageSize: countParam(1, 100000).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
