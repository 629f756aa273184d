import { z } from 'zod';
import { PIG_SHED_TYPES, POULTRY_SHED_TYPES } from '../enums/index.js';
import { idParam, NUMBER_ERROR, optionalText, requiredText } from './common.js';

/**
 * Sheds (houses) and pens (SPEC §3 Shed, §5 pen rules). Shed types follow the farm: poultry
 * types 1001-1011 and 2000 only in poultry farms, pig types 0-7 only in pig farms (20023).
 * Pens are numbered by column (fieldColumn) and row (field); 0 means blank.
 */
const id = idParam;
const bodyId = z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.required');
/** Area, building, shed, column and row numbers: whole numbers from 0 (0 = blank). */
const placeNumber = z
  .number({ error: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'validation.integer')
  .max(99999, 'validation.invalid');

/** Whether a shed type belongs in a farm of the given type (1 pig, 2 poultry; cattle has none). */
export function shedTypeAllowed(farmType: number, shedType: number): boolean {
  if (farmType === 1) return (PIG_SHED_TYPES as readonly number[]).includes(shedType);
  if (farmType === 2) return (POULTRY_SHED_TYPES as readonly number[]).includes(shedType);
  return false;
}

const shedFields = {
  shedName: requiredText(),
  shedType: z.number({ error: 'validation.required' }).int('validation.invalid'),
  areaNum: placeNumber.default(0),
  buildingNum: placeNumber.default(0),
  shedNum: placeNumber.default(0),
};

export const shedAddBody = z.strictObject({ farmId: bodyId, ...shedFields });
export type ShedAddBody = z.infer<typeof shedAddBody>;
export const shedUpdateBody = z.strictObject({ id: bodyId, ...shedFields });
export type ShedUpdateBody = z.infer<typeof shedUpdateBody>;
export const shedIdParams = z.strictObject({ id });
export const shedIdBody = z.strictObject({ shedId: bodyId });

/** Most pens one addFields call creates. */
export const PEN_BATCH_MAX = 500;

/**
 * SPEC §5: the start pen is not above the end pen, both are present and above 0, and one batch
 * stays within PEN_BATCH_MAX pens. The server answers 20043 when this fails.
 */
export function penRangeValid(start: number, end: number): boolean {
  return Number.isInteger(start) && Number.isInteger(end) && start > 0 && end > 0 && start <= end && end - start < PEN_BATCH_MAX;
}

export const addFieldsBody = z.strictObject({
  shedId: bodyId,
  startColumn: z.number(NUMBER_ERROR).int('validation.integer'),
  endColumn: z.number(NUMBER_ERROR).int('validation.integer'),
  /** The row (field) every new pen gets; 0 = no row. */
  row: placeNumber.default(0),
});
export type AddFieldsBody = z.infer<typeof addFieldsBody>;

/** The add-pens form in the browser, with the range rule as a field message. */
const penNumber = z.number(NUMBER_ERROR).int('validation.integer').min(1, 'validation.positiveInteger');
export const addFieldsForm = addFieldsBody
  .extend({ startColumn: penNumber, endColumn: penNumber })
  .refine((v) => penRangeValid(v.startColumn, v.endColumn), {
    path: ['endColumn'],
    message: 'validation.endBeforeStart',
  });

export const updateFieldBody = z.strictObject({
  id: bodyId,
  fieldColumn: placeNumber,
  field: placeNumber,
  /** Optional pen name, unique within its shed (20083). */
  name: optionalText(),
});
export type UpdateFieldBody = z.infer<typeof updateFieldBody>;

export const fieldIdParams = z.strictObject({ id });
export const hierarchicalQueryBody = z.strictObject({ farmId: bodyId.optional() });
