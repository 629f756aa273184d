import { z } from 'zod';
import { FARM_SCALES, FARM_TYPES } from '../enums/index.js';
import { blankAsAbsent, absentIfBlank, textFilter } from './time.js';
import { idParam, optionalText, pageQuery, requiredText } from './common.js';
import { areaCodeText, phoneText } from './accounts.js';

/**
 * Farms (SPEC §3 Farm, §5 required fields): name unique in the tenant, type (1 pig, 2 poultry,
 * 3 cattle), scale band 1-8, person in charge, area code, phone, the farm's super-administrator
 * account, state and an IANA time zone in which the farm's days and reports are computed.
 */
const id = idParam;
/** Ids in JSON bodies are numbers; only query strings and paths are coerced from text. */
const bodyId = z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.required');

/** Whether the runtime knows the IANA zone (Intl refuses unknown names with a RangeError). */
export function isValidTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneText = requiredText(64).refine(isValidTimeZone, 'validation.invalid');

const farmType = z.union(FARM_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>], {
  error: 'validation.required',
});
const scale = z.preprocess(
  blankAsAbsent,
  z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(FARM_SCALES[0], 'validation.invalid')
    .max(FARM_SCALES[FARM_SCALES.length - 1]!, 'validation.invalid')
    .optional(),
);
const state = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });

const farmFields = {
  farmName: requiredText(),
  type: farmType,
  scale,
  address: optionalText(),
  personInCharge: requiredText(),
  contact: optionalText(),
  areaCode: areaCodeText,
  phone: phoneText,
  /** The farm's super-administrator: an account of the same tenant. */
  adminAccountId: absentIfBlank(bodyId),
  state: state.default(1),
  timeZone: timeZoneText,
  timeZoneName: requiredText(),
};

export const farmAddBody = z.strictObject(farmFields);
export type FarmAddBody = z.infer<typeof farmAddBody>;

export const farmUpdateBody = z.strictObject({ id: bodyId, ...farmFields });
export type FarmUpdateBody = z.infer<typeof farmUpdateBody>;

export const farmIdParams = z.strictObject({ id });
export const farmDetailQuery = z.strictObject({ id });
export const farmPageQuery = pageQuery.extend({ farmName: textFilter() });
export type FarmPageQuery = z.infer<typeof farmPageQuery>;

export const farmTimeZoneBody = z.strictObject({ farmId: bodyId, timeZone: timeZoneText, timeZoneName: requiredText() });
export type FarmTimeZoneBody = z.infer<typeof farmTimeZoneBody>;
