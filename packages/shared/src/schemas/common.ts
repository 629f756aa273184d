import { z } from 'zod';
import { INPUT_MAX_LENGTH } from '../constants.js';

/**
 * Field helpers. Messages are i18n keys (namespace `validation`), translated by the form on the
 * web; the server maps any schema failure to code 99996 and returns the issues' keys in `data`.
 */
export const requiredText = (max = INPUT_MAX_LENGTH) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.maxLength');

/** Blank input counts as absent ('' and spaces become undefined, so a following check skips it). */
export const optionalText = (max = INPUT_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, 'validation.maxLength')
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(20),
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
