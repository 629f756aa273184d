import { z } from 'zod';
import { FLOCK_SEX } from '../enums/index.js';
import { NUMBER_ERROR, bodyId, countParam, idParam, optionalFreeText, optionalText, requiredText } from './common.js';
import { weighingStats } from '../production/kpi.js';
import { dateTimeInput, absentIfBlank, shedFilters } from './time.js';
import { roundTo } from '../numbers.js';

/**
 * Poultry production (issue 5): flocks, daily records, immunisation and medication, standard
 * curves and production reports. Calendar days are 'YYYY-MM-DD' in the farm's time zone; a
 * flock's day age on a day is the number of days since its birth date (hatch day = 0).
 * The API shapes are described in docs/API-PRODUCTION.md.
 */
/** Longest remark of a flock or a daily record (the form's text area stops there too). */
export const REMARK_MAX_LENGTH = 200;
/** Most individual weights one weighing may carry (a platform scale's day, or a hand sample). */
export const WEIGHTS_MAX = 2000;
/** Last day age a standard curve may start on (no flock lives longer than about five years). */
export const CURVE_START_DAY_MAX = 2000;
/** A row id in a JSON body (schemas/common.ts). */
export const idInput = bodyId;
const id = idInput;
const count = z.number(NUMBER_ERROR).int('validation.integer').min(0, 'validation.nonNegative').max(10_000_000, 'validation.tooLarge');
const amount = z.number(NUMBER_ERROR).min(0, 'validation.nonNegative').max(100_000_000, 'validation.tooLarge');
const percent = z.number(NUMBER_ERROR).min(0, 'validation.nonNegative').max(100, 'validation.percent');

/** A calendar day, 'YYYY-MM-DD', that exists. */
export const dayInput = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1970-01-01';
  }, 'validation.date');

/** FLOCK_TYPES as stored numbers: 1 breeding, 2 feeding, 3 cock, 4 hen, 5 mixed. */
export const FLOCK_TYPE_CODES = [1, 2, 3, 4, 5] as const;
export const flockTypeInput = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .refine((v) => (FLOCK_TYPE_CODES as readonly number[]).includes(v), 'validation.invalid');
export const flockSexInput = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .refine((v) => (FLOCK_SEX as readonly number[]).includes(v), 'validation.invalid');

/** Status filter of flock lists: current (/ci18/group/current) or closed (history). */
export const FLOCK_STATUS = { CURRENT: 1, CLOSED: 2 } as const;

const flockFields = {
  farmId: id,
  shedId: id,
  groupNo: requiredText(),
  flockType: flockTypeInput,
  sex: flockSexInput,
  breed: optionalText(),
  birthDate: dayInput,
  layingDate: dayInput.nullish(),
  startDate: dayInput,
  endDate: dayInput.nullish(),
  origin: optionalText(),
  maleCount: count.default(0),
  femaleCount: count.default(0),
  maleAvgWeight: amount.nullish(),
  femaleAvgWeight: amount.nullish(),
  /** Gateway whose water/feed meters fill the daily records. */
  deviceId: id.nullish(),
  remark: optionalFreeText(REMARK_MAX_LENGTH),
};
const flockRules = <
  T extends {
    birthDate: string;
    startDate: string;
    endDate?: string | null;
    layingDate?: string | null;
    maleCount: number;
    femaleCount: number;
  },
>(
  v: T,
  ctx: z.RefinementCtx,
): void => {
  if (v.startDate < v.birthDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'validation.startBeforeBirth' });
  if (v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  if (v.layingDate && v.layingDate < v.birthDate)
    ctx.addIssue({ code: 'custom', path: ['layingDate'], message: 'validation.startBeforeBirth' });
  if (v.maleCount + v.femaleCount <= 0) ctx.addIssue({ code: 'custom', path: ['femaleCount'], message: 'validation.flockCount' });
};
export const flockAddBody = z.strictObject(flockFields).superRefine(flockRules);
export type FlockAddBody = z.infer<typeof flockAddBody>;
export const flockUpdateBody = z.strictObject({ id, ...flockFields }).superRefine(flockRules);
export type FlockUpdateBody = z.infer<typeof flockUpdateBody>;
export const flockCloseBody = z.strictObject({ id, stopDate: dayInput });
export const flockPageBody = z.strictObject({
  farmId: id.nullish(),
  shedId: id.nullish(),
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  flockType: flockTypeInput.nullish(),
  keyword: optionalText(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
});
export type FlockPageBody = z.infer<typeof flockPageBody>;

/** Flock picker filters (GET flock/options); blank filters ('' from an emptied picker) count as absent. */
export const flockOptionsQuery = z.strictObject({
  ...shedFilters,
  status: absentIfBlank(countParam(1, 2)),
});
/** A flock or standard curve in the path. */
export const productionIdParams = z.strictObject({ id: idParam });

/** Daily record kinds and the entry route of each (SPEC §2 /prod-data-input/...). */
export const DAILY_KINDS = ['stock', 'grow', 'feed', 'water', 'egg', 'immune', 'drug'] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];
export const DAILY_KIND_ROUTE = {
  stock: 'daily-column',
  grow: 'daily-grow',
  feed: 'daily-feed',
  water: 'daily-drink',
  egg: 'daily-egg',
  immune: 'immunel',
  drug: 'derug',
} as const satisfies Record<DailyKind, string>;

const dayRow = { flockId: id, day: dayInput };
const eventRow = { flockId: id, at: dateTimeInput };

/** The fields of each kind, as the entry form, the batch form and the Excel import send them. */
export const dailyRowSchemas = {
  stock: z
    .strictObject({
      ...dayRow,
      transferIn: count.default(0),
      transferOut: count.default(0),
      dead: count.default(0),
      culled: count.default(0),
      transferInMale: count.nullish(),
      transferOutMale: count.nullish(),
      deadMale: count.nullish(),
      culledMale: count.nullish(),
      /**
       * Live weight of the birds out that day, kg (slaughterhouse or scale ticket of a thinning or
       * depletion, or the weight of a transfer): the reports count it as live weight produced, so
       * FCR, EPEF and the average weight survive birds leaving (docs/KPI.md).
       */
      transferOutKg: amount.nullish(),
      /** Weight of the day's dead birds, kg, where they are weighed: the mortality-corrected FCR counts it. */
      deadKg: amount.nullish(),
      mating: count.nullish(),
      remark: optionalFreeText(REMARK_MAX_LENGTH),
    })
    .superRefine((v, ctx) => {
      for (const k of ['transferIn', 'transferOut', 'dead', 'culled'] as const) {
        const male = v[`${k}Male`];
        if (male != null && male > v[k]) ctx.addIssue({ code: 'custom', path: [`${k}Male`], message: 'validation.partAboveTotal' });
      }
      // A weight needs the birds it weighs: kg out without birds out (or dead kg without dead) is a typo.
      if (v.transferOutKg && v.transferOut === 0)
        ctx.addIssue({ code: 'custom', path: ['transferOutKg'], message: 'validation.weightWithoutBirds' });
      if (v.deadKg && v.dead === 0) ctx.addIssue({ code: 'custom', path: ['deadKg'], message: 'validation.weightWithoutBirds' });
    }),
  grow: z
    .strictObject({
      ...dayRow,
      avgWeight: amount.nullish(),
      maleAvgWeight: amount.nullish(),
      femaleAvgWeight: amount.nullish(),
      uniformity: percent.nullish(),
      /** CV of the sample, %; computed from `weights` when they are sent. */
      cv: percent.nullish(),
      sampleSize: count.nullish(),
      /**
       * Individual weights, g (a hand weighing or a platform scale): the sample's mean (when no
       * average is given), uniformity (±10 %), CV and size are computed from them (kpi.weighingStats).
       */
      weights: z
        .array(amount.positive('validation.required'))
        .min(2, 'validation.selectAtLeastOne')
        .max(WEIGHTS_MAX, 'validation.tooMany')
        .nullish(),
      remark: optionalFreeText(REMARK_MAX_LENGTH),
    })
    .refine((v) => v.avgWeight != null || v.maleAvgWeight != null || v.femaleAvgWeight != null || v.weights != null, {
      path: ['avgWeight'],
      message: 'validation.selectAtLeastOne',
    })
    .transform(({ weights, ...v }) => {
      const stats = weights ? weighingStats(weights) : null;
      if (!stats) return v;
      return {
        ...v,
        avgWeight: v.avgWeight ?? roundTo(stats.meanG, 1),
        uniformity: roundTo(stats.uniformityPct, 1),
        cv: roundTo(stats.cvPct, 2),
        sampleSize: stats.n,
      };
    }),
  feed: z.strictObject({ ...dayRow, feedKg: amount, feedType: optionalText(), remark: optionalFreeText(REMARK_MAX_LENGTH) }),
  water: z.strictObject({ ...dayRow, waterL: amount, remark: optionalFreeText(REMARK_MAX_LENGTH) }),
  egg: z
    .strictObject({
      ...dayRow,
      eggCount: count,
      eggWeightKg: amount.nullish(),
      qualified: count.nullish(),
      large: count.nullish(),
      medium: count.nullish(),
      small: count.nullish(),
      broken: count.nullish(),
      dirty: count.nullish(),
      deformed: count.nullish(),
      remark: optionalFreeText(REMARK_MAX_LENGTH),
    })
    .superRefine((v, ctx) => {
      const graded = (v.large ?? 0) + (v.medium ?? 0) + (v.small ?? 0) + (v.broken ?? 0) + (v.dirty ?? 0) + (v.deformed ?? 0);
      if (graded > v.eggCount) ctx.addIssue({ code: 'custom', path: ['eggCount'], message: 'validation.gradesAboveTotal' });
      if (v.qualified != null && v.qualified > v.eggCount)
        ctx.addIssue({ code: 'custom', path: ['qualified'], message: 'validation.partAboveTotal' });
    }),
  immune: z.strictObject({
    ...eventRow,
    vaccineBrand: requiredText(),
    method: requiredText(),
    disease: requiredText(),
    vaccineExpiry: dayInput.nullish(),
    dose: optionalText(),
    implementer: optionalText(),
    remark: optionalFreeText(REMARK_MAX_LENGTH),
  }),
  drug: z.strictObject({
    ...eventRow,
    drugName: requiredText(),
    manufacturer: optionalText(),
    method: requiredText(),
    disease: requiredText(),
    dose: optionalText(),
    withdrawalDays: count.nullish(),
    implementer: optionalText(),
    remark: optionalFreeText(REMARK_MAX_LENGTH),
  }),
} as const satisfies Record<DailyKind, z.ZodType>;
export type DailyRowInput<K extends DailyKind> = z.infer<(typeof dailyRowSchemas)[K]>;

export const dailyKindParams = z.strictObject({ kind: z.enum(DAILY_KINDS, { error: 'validation.invalid' }) });
export const dailyIdParams = z.strictObject({ kind: z.enum(DAILY_KINDS, { error: 'validation.invalid' }), id: idParam });

export const dailyPageBody = z.strictObject({
  farmId: id.nullish(),
  shedId: id.nullish(),
  flockId: id.nullish(),
  start: dayInput.nullish(),
  end: dayInput.nullish(),
  /** Measured rows only / entered rows only (feed, water). */
  measured: z.boolean().nullish(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
});
export type DailyPageBody = z.infer<typeof dailyPageBody>;

/** Quick entry: one day for several houses (flocks) of a farm on one form. */
export const dailyBatchBody = z.strictObject({
  farmId: id,
  day: dayInput,
  rows: z.array(z.record(z.string(), z.unknown())).min(1, 'validation.selectAtLeastOne').max(500, 'validation.tooMany'),
});
export type DailyBatchBody = z.infer<typeof dailyBatchBody>;

/** Add and edit of a record: the kind's own schema (dailyRowSchemas[kind]) checks the rest in the handler (99996). */
export const dailyRowBody = z.looseObject({ flockId: id });
export const dailyRowUpdateBody = z.looseObject({ id, flockId: id });
/** The quick-entry form of one day (GET flockDaily/quick). */
export const dailyQuickQuery = z.strictObject({ farmId: idParam, day: dayInput });
/** The farm whose current flocks an import template lists (GET flockDaily/:kind/template). */
export const dailyTemplateQuery = z.strictObject({ farmId: idParam });
