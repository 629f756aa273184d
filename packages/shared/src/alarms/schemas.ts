import { z } from 'zod';
import { PIG_SHED_TYPES, POULTRY_SHED_TYPES } from '../enums/index.js';
import { bodyId, countParam, idParam, isFreeText, optionalFreeText, pageQuery, requiredText } from '../schemas/common.js';
import { CHANNEL_KINDS } from '../schemas/devices.js';
import { dateTimeInput, idFilter, absentIfBlank, timeFilter, withinQueryRange, shedFilters } from '../schemas/time.js';
import { ALARM_LEVELS } from './count.js';
import { ALARM_OPERATORS, LIMIT_KINDS, MAX_DAY_AGE } from './logic.js';
import { MAX_RATE_WINDOW_MINUTES, RATE_DIRECTIONS } from './rate.js';

/**
 * Requests of the alarms module (issue 13; SPEC §3 "Warning model and rule", §5, codes 20027,
 * 20028). A rule group belongs to a farm and a shed type; its rules apply to every shed of that
 * type in the farm. A rule is one of three kinds:
 * - `threshold`: a telemetry value against limits per day-age stage, held for `durationSec`
 *   before raising, cleared once back inside by `deadband`;
 * - `noData`: no reading of the property for `noDataMinutes`;
 * - `offline`: the gateway offline (device state) for `durationSec`;
 * - `rateOfChange`: a telemetry value that changes by more than `rateAmount` within
 *   `windowMinutes` (rising, falling or either; rate.ts), held for `durationSec`, cleared once the
 *   change is back under the amount by `deadband`;
 * - `commandFailed`: a remote-control command to the house's controller ended failed (refused)
 *   or expired (no ack); one alarm per setting group (key `command.<group>`, value the version),
 *   cleared when a later command of that group is synced.
 * Stage ranges are checked by the server (20027 from > to, 20028 overlap; `stageProblem`), so
 * the form may run the same check.
 */

export { ALARM_LEVELS, alarmCountQuery, type AlarmLevel } from './count.js';
export const RULE_KINDS = ['threshold', 'noData', 'offline', 'commandFailed', 'rateOfChange'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/**
 * Alarms the platform raises without a rule (issue 15, feeding): `notEaten` a sow that did not
 * eat her ration (key `feeder.<feederId>.<farm day>`, one per feeder and day), `feederFault` a
 * feeder's fault state (key `feeder.<feederId>`, value the state), `siloGap` a house's day whose
 * silo consumption and feeder dispensing differ beyond the tolerance (key `reconcile.<farm day>`,
 * value the gap %). Their texts are the catalogue's (`alarms.kinds.<kind>`), not a rule's.
 */
export const FEED_ALARM_KINDS = ['notEaten', 'feederFault', 'siloGap'] as const;
export type FeedAlarmKind = (typeof FEED_ALARM_KINDS)[number];
/** Every kind an alarm record may have: a rule's, or one the platform raises itself. */
export const ALARM_KINDS = [...RULE_KINDS, ...FEED_ALARM_KINDS] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export function isFeedAlarmKind(kind: string): kind is FeedAlarmKind {
  return (FEED_ALARM_KINDS as readonly string[]).includes(kind);
}

/** The value kinds of CONTRACT §4 a rule may watch, with the highest `n` of `<kind>.<n>`. */
export const ALARM_KEY_KINDS: Readonly<Record<string, number>> = {
  ...CHANNEL_KINDS,
  water: 32,
  elec: 32,
  feed: 32,
  weight: 32,
  dayAge: 1,
  targetTemp: 1,
};
/** Kinds whose limits may be relative to the day's target temperature. */
export const RELATIVE_KINDS: readonly string[] = ['temp', 'outTemp'];
/** The device-state property of an `offline` rule. */
export const OFFLINE_PROPERTY = 'offline';
/** The device-state property of a `commandFailed` rule; its alarms' keys are `command.<group>`. */
export const COMMAND_PROPERTY = 'command';

/** `temp.3` (one sensor) or `temp` (every sensor of the kind, each its own originator). */
export function alarmPropertyValid(p: string): boolean {
  const m = /^([A-Za-z][A-Za-z0-9]*)(?:\.([1-9]\d{0,2}))?$/.exec(p);
  if (!m) return false;
  const limit = ALARM_KEY_KINDS[m[1]!];
  return limit !== undefined && Object.hasOwn(ALARM_KEY_KINDS, m[1]!) && (m[2] === undefined || Number(m[2]) <= limit);
}

/** Whether a reading's key is watched by a rule property (`temp` watches `temp.1` .. `temp.16`). */
export function propertyMatches(property: string, key: string): boolean {
  return property === key || (!property.includes('.') && key.startsWith(`${property}.`));
}

const SHED_TYPES: readonly number[] = [...PIG_SHED_TYPES, ...POULTRY_SHED_TYPES];
const shedType = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .refine((v) => SHED_TYPES.includes(v), 'validation.invalid');
const level = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .refine((v) => (ALARM_LEVELS as readonly number[]).includes(v), 'validation.invalid');
const dayAge = z
  .number({ error: 'validation.required' })
  .int('validation.integer')
  .min(0, 'validation.nonNegative')
  .max(MAX_DAY_AGE, 'validation.tooLarge');
/** A limit or offset: a finite number of sane size. */
const limit = z
  .number({ error: 'validation.number' })
  .min(-1e9, 'validation.invalid')
  .max(1e9, 'validation.tooLarge')
  .nullable()
  .default(null);
const seconds = z
  .number({ error: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'validation.nonNegative')
  .max(86_400, 'validation.tooLarge');
const property = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(20, 'validation.maxLength')
  .refine(alarmPropertyValid, 'validation.invalid');
/** The text the alarm shows and pushes; the user writes it (tabs and line breaks allowed). */
export const ALARM_MESSAGE_MAX = 500;
const message = z
  .string({ error: 'validation.required' })
  .refine(isFreeText, 'validation.invalidCharacters')
  .trim()
  .min(1, 'validation.required')
  .max(ALARM_MESSAGE_MAX, 'validation.maxLength');

export const alarmStage = z.strictObject({
  fromDay: dayAge,
  toDay: dayAge,
  limitKind: z.enum(LIMIT_KINDS, { error: 'validation.invalid' }).default('absolute'),
  low: limit,
  high: limit,
});
export type AlarmStageInput = z.infer<typeof alarmStage>;
export const MAX_STAGES = 20;

const common = {
  groupId: bodyId,
  name: requiredText(),
  level,
  message,
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
};
const deadband = z.number({ error: 'validation.number' }).min(0, 'validation.nonNegative').max(1e6, 'validation.tooLarge').default(0);
const thresholdRule = z.strictObject({
  ...common,
  kind: z.literal('threshold'),
  property,
  operator: z.enum(ALARM_OPERATORS, { error: 'validation.invalid' }),
  stages: z.array(alarmStage, { error: 'validation.required' }).min(1, 'validation.required').max(MAX_STAGES, 'validation.tooMany'),
  durationSec: seconds.default(0),
  deadband,
});
const noDataRule = z.strictObject({
  ...common,
  kind: z.literal('noData'),
  property,
  noDataMinutes: z
    .number({ error: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.positiveInteger')
    .max(1440, 'validation.tooLarge'),
});
const offlineRule = z.strictObject({ ...common, kind: z.literal('offline'), durationSec: seconds.default(0) });
const commandFailedRule = z.strictObject({ ...common, kind: z.literal('commandFailed') });
const rateOfChangeRule = z.strictObject({
  ...common,
  kind: z.literal('rateOfChange'),
  property,
  direction: z.enum(RATE_DIRECTIONS, { error: 'validation.invalid' }),
  rateAmount: z.number({ error: 'validation.number' }).gt(0, 'validation.positive').max(1e6, 'validation.tooLarge'),
  windowMinutes: z
    .number({ error: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.positiveInteger')
    .max(MAX_RATE_WINDOW_MINUTES, 'validation.tooLarge'),
  durationSec: seconds.default(0),
  deadband,
});

/** A deadband as large as the amount would never let the alarm clear. */
function checkRate(r: { rateAmount: number; deadband: number }, ctx: z.RefinementCtx): void {
  if (r.rateAmount > 0 && r.deadband >= r.rateAmount)
    ctx.addIssue({ code: 'custom', message: 'validation.deadbandBelowAmount', path: ['deadband'] });
}

type ThresholdRule = z.infer<typeof thresholdRule>;

/** Limits each stage needs for the operator, a band that is a band, relative only where a target exists. */
function checkThreshold(r: ThresholdRule, ctx: z.RefinementCtx): void {
  const kind = r.property.split('.')[0]!;
  r.stages.forEach((s, i) => {
    const at = (field: string): (string | number)[] => ['stages', i, field];
    const needHigh = r.operator !== 'lt' && r.operator !== 'lte';
    const needLow = r.operator === 'lt' || r.operator === 'lte' || r.operator === 'outside';
    if (needHigh && s.high === null) ctx.addIssue({ code: 'custom', message: 'validation.required', path: at('high') });
    if (needLow && s.low === null) ctx.addIssue({ code: 'custom', message: 'validation.required', path: at('low') });
    if (r.operator === 'outside' && s.low !== null && s.high !== null && s.high <= s.low) {
      ctx.addIssue({ code: 'custom', message: 'validation.maxBelowMin', path: at('high') });
    }
    if (s.limitKind === 'relative' && !RELATIVE_KINDS.includes(kind)) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: at('limitKind') });
    }
  });
}

const withId = { id: bodyId };
// Offline first: the security suite's generated bodies take the first kind, the one without limits.
export const alarmRuleAddBody = z.discriminatedUnion(
  'kind',
  [offlineRule, noDataRule, commandFailedRule, thresholdRule.superRefine(checkThreshold), rateOfChangeRule.superRefine(checkRate)],
  { error: 'validation.invalid' },
);
export type AlarmRuleAddBody = z.infer<typeof alarmRuleAddBody>;
export const alarmRuleUpdateBody = z.discriminatedUnion(
  'kind',
  [
    offlineRule.extend(withId),
    noDataRule.extend(withId),
    commandFailedRule.extend(withId),
    thresholdRule.extend(withId).superRefine(checkThreshold),
    rateOfChangeRule.extend(withId).superRefine(checkRate),
  ],
  { error: 'validation.invalid' },
);
export type AlarmRuleUpdateBody = z.infer<typeof alarmRuleUpdateBody>;

const optionalId = idFilter();
const queryNumber = (values: readonly number[]) => countParam(0, 99_999).refine((v) => values.includes(v), 'validation.invalid');

export const ruleGroupAddBody = z.strictObject({
  farmId: bodyId,
  shedType,
  name: requiredText(),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  remark: optionalFreeText(200),
});
export type RuleGroupAddBody = z.infer<typeof ruleGroupAddBody>;
/** The farm and shed type of a group are fixed once it has rules: a new group is a new pair. */
export const ruleGroupUpdateBody = z.strictObject({
  id: bodyId,
  name: requiredText(),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  remark: optionalFreeText(200),
});
export type RuleGroupUpdateBody = z.infer<typeof ruleGroupUpdateBody>;

export const ruleGroupPageQuery = pageQuery.extend({ farmId: optionalId, shedType: absentIfBlank(queryNumber(SHED_TYPES)) });
export type RuleGroupPageQuery = z.infer<typeof ruleGroupPageQuery>;

export const alarmRulePageQuery = pageQuery.extend({
  farmId: optionalId,
  groupId: optionalId,
  shedType: absentIfBlank(queryNumber(SHED_TYPES)),
  level: absentIfBlank(queryNumber(ALARM_LEVELS)),
  kind: absentIfBlank(z.enum(RULE_KINDS, { error: 'validation.invalid' })),
});
export type AlarmRulePageQuery = z.infer<typeof alarmRulePageQuery>;

export const alarmIdParams = z.strictObject({ id: idParam });

/**
 * List filter on the two flags (DESIGN.md §3): `active` in warning, `cleared` released,
 * `unacknowledged` either, and the three combinations staff filter on most.
 */
export const ALARM_STATES = [
  'active',
  'cleared',
  'unacknowledged',
  'activeUnacknowledged',
  'activeAcknowledged',
  'clearedUnacknowledged',
] as const;
export type AlarmStateFilter = (typeof ALARM_STATES)[number];

/** Alarm list: the start time range, when given, spans at most 30 days (SPEC §9); end before start is 20027. */
export const alarmPageQuery = pageQuery
  .extend({
    ...shedFilters,
    level: absentIfBlank(queryNumber(ALARM_LEVELS)),
    /** A rule property: `temp` matches every temperature key, `temp.2` one, `offline` and `command` the device states. */
    property: absentIfBlank(property.or(z.literal(OFFLINE_PROPERTY)).or(z.literal(COMMAND_PROPERTY))),
    kind: absentIfBlank(z.enum(ALARM_KINDS, { error: 'validation.invalid' })),
    state: absentIfBlank(z.enum(ALARM_STATES, { error: 'validation.invalid' })),
    shelved: absentIfBlank(z.enum(['true', 'false'], { error: 'validation.invalid' }).transform((v) => v === 'true')),
    startTime: timeFilter(),
    endTime: timeFilter(),
  })
  .superRefine(withinQueryRange);
export type AlarmPageQuery = z.infer<typeof alarmPageQuery>;

const comment = optionalFreeText(200);
export const alarmAckBody = z.strictObject({
  ids: z.array(bodyId, { error: 'validation.selectAtLeastOne' }).min(1, 'validation.selectAtLeastOne').max(100, 'validation.tooMany'),
  comment,
});
export type AlarmAckBody = z.infer<typeof alarmAckBody>;
export const alarmClearBody = z.strictObject({ id: bodyId, comment });
export type AlarmClearBody = z.infer<typeof alarmClearBody>;
/** Shelve (maintenance) until a moment at most 30 days ahead; `until: null` ends the shelving. */
export const alarmShelveBody = z.strictObject({ id: bodyId, until: dateTimeInput.nullable() });
export type AlarmShelveBody = z.infer<typeof alarmShelveBody>;
export const SHELVE_MAX_DAYS = 30;
