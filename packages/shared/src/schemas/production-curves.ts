import { z } from 'zod';
import { STANDARD_CURVE_INDICATORS } from '../enums/index.js';
import { NUMBER_ERROR, requiredText } from './common.js';
import { CURVE_START_DAY_MAX, dayInput, flockTypeInput, idInput as id } from './production.js';

/** Production schemas, second part: standard curves and report requests (flocks and daily records: production.ts). */
/** Standard curves. Values are entered comma-separated (SPEC §3). */
export const CURVE_INDICATORS = Object.keys(STANDARD_CURVE_INDICATORS) as (keyof typeof STANDARD_CURVE_INDICATORS)[];
export type CurveIndicator = keyof typeof STANDARD_CURVE_INDICATORS;
export const curveValuesInput = z
  .union([z.string().max(20_000, 'validation.maxLength'), z.array(z.number())], { error: 'validation.curveValues' })
  // One transform (not a union of validated branches) so the failure keeps its own message key.
  .transform((v, ctx) => {
    const parts =
      typeof v === 'string'
        ? v
            .trim()
            .split(/[,，]\s*/)
            .map((p) => p.trim())
        : v.map(String);
    if (parts.length === 1 && parts[0] === '') {
      ctx.addIssue({ code: 'custom', message: 'validation.required' });
      return z.NEVER;
    }
    const nums = parts.map(Number);
    if (parts.some((p) => p === '') || nums.some((n) => !Number.isFinite(n))) {
      ctx.addIssue({ code: 'custom', message: 'validation.curveValues' });
      return z.NEVER;
    }
    if (nums.length > 1000) {
      ctx.addIssue({ code: 'custom', message: 'validation.tooMany' });
      return z.NEVER;
    }
    return nums;
  });
const curveFields = {
  farmId: id,
  flockType: flockTypeInput,
  indicator: z.enum(CURVE_INDICATORS as [CurveIndicator, ...CurveIndicator[]], { error: 'validation.invalid' }),
  name: requiredText(),
  startDay: z
    .number(NUMBER_ERROR)
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .max(CURVE_START_DAY_MAX, 'validation.tooLarge')
    .default(0),
  values: curveValuesInput,
};
export const curveAddBody = z.strictObject(curveFields);
export const curveUpdateBody = z.strictObject({ id, ...curveFields });
export const curvePageBody = z.strictObject({
  farmId: id.nullish(),
  flockType: flockTypeInput.nullish(),
  indicator: z.enum(CURVE_INDICATORS as [CurveIndicator, ...CurveIndicator[]]).nullish(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
});
export const curveCopyBody = z.strictObject({ builtinId: requiredText(100), farmId: id, flockType: flockTypeInput.optional() });

/** Production reports. */
export const REPORT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const reportBody = z
  .strictObject({
    farmId: id.nullish(),
    shedIds: z.array(id).max(200).nullish(),
    flockIds: z.array(id).max(6, 'validation.selectAtMost').nullish(),
    flockType: flockTypeInput.nullish(),
    start: dayInput,
    end: dayInput,
    period: z.enum(REPORT_PERIODS).default('day'),
    /** One row per flock and period, or per farm and period (field reports). */
    groupBy: z.enum(['flock', 'farm']).default('flock'),
    /** Include closed flocks whose life overlaps the range (history). */
    includeClosed: z.boolean().default(true),
  })
  .refine((v) => v.start <= v.end, { path: ['end'], message: 'validation.endBeforeStart' });
export type ReportBody = z.infer<typeof reportBody>;

export const flockTrendBody = z.strictObject({
  flockIds: z.array(id).min(1, 'validation.selectAtLeastOne').max(6, 'validation.selectAtMost'),
  indicators: z
    .array(z.enum(CURVE_INDICATORS as [CurveIndicator, ...CurveIndicator[]]))
    .min(1, 'validation.selectAtLeastOne')
    .max(6, 'validation.selectAtMost'),
  /** 'day' or 'week' points (weekly averages by week of age). */
  period: z.enum(['day', 'week']).default('day'),
  start: dayInput.nullish(),
  end: dayInput.nullish(),
});
export type FlockTrendBody = z.infer<typeof flockTrendBody>;
