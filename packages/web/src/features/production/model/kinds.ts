import dayjs, { type Dayjs } from 'dayjs';
import { farmDay, REMARK_MAX_LENGTH, type DailyKind } from '@farmsense/shared';

/**
 * What each daily-record page shows and asks for. Field names are those of
 * `dailyRowSchemas[kind]` (packages/shared/src/schemas/production.ts); labels come from
 * `records.<kind>.<field>`. `quick` fields are the ones the quick-entry grid offers per house.
 */
export type FieldType = 'int' | 'num' | 'text' | 'day';

export interface KindField {
  name: string;
  type: FieldType;
  required?: boolean;
  quick?: boolean;
  /** Longest text accepted (remarks 200, other texts the input limit). */
  max?: number;
  /** Kept off the list (long texts). */
  hideInList?: boolean;
}

export interface KindConfig {
  kind: DailyKind;
  /** Application code of the page. */
  code: string;
  /** Immunisation and medication are moments (`at`), the others calendar days (`day`). */
  timed: boolean;
  /** Feed and water rows may come from meters. */
  metered?: string;
  fields: KindField[];
}

const remark: KindField = { name: 'remark', type: 'text', max: REMARK_MAX_LENGTH, hideInList: true };
const int = (name: string, extra: Partial<KindField> = {}): KindField => ({ name, type: 'int', ...extra });
const num = (name: string, extra: Partial<KindField> = {}): KindField => ({ name, type: 'num', ...extra });
const text = (name: string, extra: Partial<KindField> = {}): KindField => ({ name, type: 'text', ...extra });

export const KIND_CONFIG: Record<DailyKind, KindConfig> = {
  stock: {
    kind: 'stock',
    code: 'prod-data-input.daily-column',
    timed: false,
    fields: [
      int('dead', { quick: true }),
      int('culled', { quick: true }),
      int('transferIn', { quick: true }),
      int('transferOut', { quick: true }),
      int('deadMale'),
      int('culledMale'),
      int('transferInMale'),
      int('transferOutMale'),
      int('mating'),
      remark,
    ],
  },
  grow: {
    kind: 'grow',
    code: 'prod-data-input.daily-grow',
    timed: false,
    fields: [
      num('avgWeight', { quick: true }),
      num('maleAvgWeight'),
      num('femaleAvgWeight'),
      num('uniformity', { quick: true }),
      int('sampleSize', { quick: true }),
      remark,
    ],
  },
  feed: {
    kind: 'feed',
    code: 'prod-data-input.daily-feed',
    timed: false,
    metered: 'feedKg',
    fields: [num('feedKg', { required: true, quick: true }), text('feedType', { quick: true }), remark],
  },
  water: {
    kind: 'water',
    code: 'prod-data-input.daily-drink',
    timed: false,
    metered: 'waterL',
    fields: [num('waterL', { required: true, quick: true }), remark],
  },
  egg: {
    kind: 'egg',
    code: 'prod-data-input.daily-egg',
    timed: false,
    fields: [
      int('eggCount', { required: true, quick: true }),
      num('eggWeightKg', { quick: true }),
      int('qualified'),
      int('large'),
      int('medium'),
      int('small'),
      int('broken', { quick: true }),
      int('dirty'),
      int('deformed'),
      remark,
    ],
  },
  immune: {
    kind: 'immune',
    code: 'prod-data-input.immunel',
    timed: true,
    fields: [
      text('vaccineBrand', { required: true }),
      text('method', { required: true }),
      text('disease', { required: true }),
      { name: 'vaccineExpiry', type: 'day' },
      text('dose'),
      text('implementer'),
      remark,
    ],
  },
  drug: {
    kind: 'drug',
    code: 'prod-data-input.derug',
    timed: true,
    fields: [
      text('drugName', { required: true }),
      text('manufacturer'),
      text('method', { required: true }),
      text('disease', { required: true }),
      text('dose'),
      int('withdrawalDays'),
      text('implementer'),
      remark,
    ],
  },
};

/** Kinds with a quick-entry grid (the quick answer carries their records). */
export function hasQuickEntry(kind: DailyKind): boolean {
  return KIND_CONFIG[kind].fields.some((f) => f.quick);
}

export const DAY = 'YYYY-MM-DD';

export function toDay(d: Dayjs | null | undefined): string | undefined {
  return d ? d.format(DAY) : undefined;
}

/** Today in a farm's time zone (the server's calendar for records), else in the browser's. */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  if (timeZone) {
    try {
      return farmDay(now, timeZone);
    } catch {
      // An unknown zone name: the browser's calendar below.
    }
  }
  return dayjs(now).format(DAY);
}

/** A form field's value in the shape the shared schema reads (blank = absent). */
export function fieldToBody(f: KindField, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return undefined;
  if (f.type === 'day') return dayjs.isDayjs(v) ? v.format(DAY) : v;
  if (f.type === 'text') {
    const s = String(v).trim();
    return s ? s : undefined;
  }
  return v;
}

/** A stored value in the form's shape. */
export function fieldToForm(f: KindField, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (f.type === 'day') return dayjs(String(v));
  return v;
}

/** The kind's values of a form (or a grid row) as the schema reads them. */
export function kindBody(kind: DailyKind, values: Record<string, unknown>, only?: (f: KindField) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of KIND_CONFIG[kind].fields) {
    if (only && !only(f)) continue;
    const v = fieldToBody(f, values[f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}
