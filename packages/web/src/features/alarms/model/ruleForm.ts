import {
  ALARM_KEY_KINDS,
  COMMAND_PROPERTY,
  OFFLINE_PROPERTY,
  stageProblem,
  type AlarmOperator,
  type AlarmRuleRow,
  type LimitKind,
  type RateDirection,
  type RuleKind,
} from '@farmsense/shared';

/**
 * The rule form's values and their way to and from the contract (shared alarmRuleAddBody). The
 * form holds the watched property as a kind and an optional sensor number ("every temperature
 * sensor" or "temperature 3"), and numbers as NumberInput gives them: null when blank, NaN when
 * not a number, so the shared schema says what is wrong under the field.
 */
export interface StageValues {
  fromDay: number | null;
  toDay: number | null;
  limitKind: LimitKind;
  low: number | null;
  high: number | null;
}

export interface RuleFormValues {
  name: string;
  kind: RuleKind;
  valueKind?: string;
  /** A sensor of the kind; none: every sensor of the kind (each its own alarm). */
  sensor: number | null;
  operator: AlarmOperator;
  level: number;
  message: string;
  enabled: boolean;
  durationSec: number | null;
  deadband: number | null;
  noDataMinutes: number | null;
  direction: RateDirection;
  rateAmount: number | null;
  windowMinutes: number | null;
  stages: StageValues[];
}

/** Where the stages break the day-age rules: the shared check, on the rows as typed (blank days are the field's own error). */
export type StageProblem = { code: 20027 | 20028; index: number } | null;

export function stagesProblem(stages: readonly StageValues[] | undefined): StageProblem {
  const rows = stages ?? [];
  // A row without both days is refused by its own fields; the ranges are checked among the others.
  const complete = rows.flatMap((s, index) =>
    typeof s.fromDay === 'number' && typeof s.toDay === 'number' && !Number.isNaN(s.fromDay) && !Number.isNaN(s.toDay)
      ? [{ fromDay: s.fromDay, toDay: s.toDay, index }]
      : [],
  );
  const problem = stageProblem(complete);
  return problem && { code: problem.code, index: complete[problem.index]!.index };
}

/** The value kinds a rule may watch (CONTRACT §4), in the catalogue's order. */
export const VALUE_KINDS: readonly string[] = Object.keys(ALARM_KEY_KINDS);

export const NEW_STAGE: StageValues = { fromDay: 0, toDay: 9999, limitKind: 'absolute', low: null, high: null };

export function initialRule(rule: AlarmRuleRow | null): RuleFormValues {
  if (!rule) {
    return {
      name: '',
      kind: 'threshold',
      valueKind: 'temp',
      sensor: null,
      operator: 'gt',
      level: 1,
      message: '',
      enabled: true,
      durationSec: 0,
      deadband: 0,
      noDataMinutes: 10,
      direction: 'rising',
      rateAmount: null,
      windowMinutes: 10,
      stages: [{ ...NEW_STAGE }],
    };
  }
  const deviceState = rule.property === OFFLINE_PROPERTY || rule.property === COMMAND_PROPERTY;
  const [valueKind, sensor] = deviceState ? [undefined, undefined] : rule.property.split('.');
  return {
    name: rule.name,
    kind: rule.kind,
    valueKind,
    sensor: sensor === undefined ? null : Number(sensor),
    operator: rule.operator ?? 'gt',
    level: rule.level,
    message: rule.message,
    enabled: rule.enabled,
    durationSec: rule.durationSec,
    deadband: rule.deadband,
    noDataMinutes: rule.noDataMinutes ?? 10,
    direction: rule.direction ?? 'rising',
    rateAmount: rule.rateAmount,
    windowMinutes: rule.windowMinutes ?? 10,
    stages: rule.stages.length > 0 ? rule.stages.map((s) => ({ ...s })) : [{ ...NEW_STAGE }],
  };
}

/**
 * What the form's values say as a request (the shared schema checks it field by field, and parses
 * it into the body on save). A blank number stays absent, so the schema names that field.
 */
export function ruleInput(v: RuleFormValues, groupId: number): Record<string, unknown> {
  const num = (n: number | null | undefined): number | undefined => (n === null ? undefined : n);
  const property = v.valueKind ? (v.sensor === null || v.sensor === undefined ? v.valueKind : `${v.valueKind}.${v.sensor}`) : '';
  const common = { groupId, name: v.name ?? '', level: v.level, message: v.message ?? '', enabled: v.enabled };
  switch (v.kind) {
    case 'offline':
      return { ...common, kind: 'offline', durationSec: num(v.durationSec) };
    case 'commandFailed':
      return { ...common, kind: 'commandFailed' };
    case 'rateOfChange':
      return {
        ...common,
        kind: 'rateOfChange',
        property,
        direction: v.direction,
        rateAmount: num(v.rateAmount),
        windowMinutes: num(v.windowMinutes),
        durationSec: num(v.durationSec),
        deadband: num(v.deadband),
      };
    case 'noData':
      return { ...common, kind: 'noData', property, noDataMinutes: num(v.noDataMinutes) };
    default:
      return {
        ...common,
        kind: 'threshold',
        property,
        operator: v.operator,
        durationSec: num(v.durationSec),
        deadband: num(v.deadband),
        stages: (v.stages ?? []).map((s) => ({
          fromDay: num(s.fromDay),
          toDay: num(s.toDay),
          limitKind: s.limitKind,
          low: s.low ?? null,
          high: s.high ?? null,
        })),
      };
  }
}
