import { z } from 'zod';
import { get, idAnswer, noAnswer, pageOf, post, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import { alarmCountEndpoint } from './count.js';
import { ALARM_OPERATORS, LIMIT_KINDS } from './logic.js';
import { RATE_DIRECTIONS } from './rate.js';
import {
  alarmAckBody,
  alarmClearBody,
  alarmIdParams,
  alarmPageQuery,
  alarmRuleAddBody,
  alarmRulePageQuery,
  alarmRuleUpdateBody,
  alarmShelveBody,
  RULE_KINDS,
  ALARM_KINDS,
  ruleGroupAddBody,
  ruleGroupPageQuery,
  ruleGroupUpdateBody,
} from './schemas.js';

/* Answers of the alarms module; times are epoch milliseconds. */

export const ruleGroupRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  shedType: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  ruleCount: z.number(),
  updatedAt: z.number(),
});
export type RuleGroupRow = z.infer<typeof ruleGroupRow>;

export const alarmStageRow = z.object({
  fromDay: z.number(),
  toDay: z.number(),
  limitKind: z.enum(LIMIT_KINDS),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type AlarmStageRow = z.infer<typeof alarmStageRow>;

/** A rule with its stages; fields of other kinds are null (`offline` has property 'offline'). */
export const alarmRuleRow = z.object({
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  farmId: z.number(),
  shedType: z.number(),
  name: z.string(),
  kind: z.enum(RULE_KINDS),
  property: z.string(),
  operator: z.enum(ALARM_OPERATORS).nullable(),
  level: z.number(),
  message: z.string(),
  enabled: z.boolean(),
  durationSec: z.number(),
  deadband: z.number(),
  noDataMinutes: z.number().nullable(),
  /** Rate of change: the direction, the change allowed and the window it is measured over. */
  direction: z.enum(RATE_DIRECTIONS).nullable(),
  rateAmount: z.number().nullable(),
  windowMinutes: z.number().nullable(),
  stages: z.array(alarmStageRow),
  updatedAt: z.number(),
});
export type AlarmRuleRow = z.infer<typeof alarmRuleRow>;

/**
 * One alarm (DESIGN.md §3): `active` (in warning) and `acknowledged` are the facts, `state` is
 * derived from them (activeUnacknowledged, activeAcknowledged, clearedUnacknowledged, cleared).
 * `key` is the originator's value key (`temp.3`, 'offline', or `command.<setting group>` with the
 * failed command's version as `value`); `value` the reading that raised it, `peak` the worst since; `low`/`high` the limits in force when it was raised.
 */
export const alarmRow = z.object({
  id: z.number(),
  ...shedPlaceFields,
  gatewayId: z.number(),
  gatewayCode: z.string(),
  ruleId: z.number().nullable(),
  ruleName: z.string(),
  kind: z.enum(ALARM_KINDS),
  key: z.string(),
  level: z.number(),
  message: z.string(),
  active: z.boolean(),
  acknowledged: z.boolean(),
  state: z.enum(['activeUnacknowledged', 'activeAcknowledged', 'clearedUnacknowledged', 'cleared']),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  /** Seconds in alarm: to the end, or to now while active. */
  durationSec: z.number(),
  value: z.number().nullable(),
  peak: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  dayAge: z.number().nullable(),
  /** Time of the reading that raised it. */
  readingTs: z.number().nullable(),
  ackBy: z.number().nullable(),
  ackByName: z.string().nullable(),
  ackAt: z.number().nullable(),
  ackComment: z.string().nullable(),
  /** Cleared by hand (an account) rather than by the readings. */
  clearedBy: z.number().nullable(),
  clearedByName: z.string().nullable(),
  shelvedUntil: z.number().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

export { alarmCount, alarmCountEndpoint, liveAlarm, type AlarmCount, type LiveAlarm } from './count.js';

/**
 * Alarms (issue 13): rule groups and rules (/warningmanagement/warningconfiguration, app code
 * warningmanagement.warningconfiguration) and the alarm records (/warningmanagement/warningrecord,
 * warningmanagement.warningrecord). A rule, group or alarm the caller may not see is 30001.
 */
export const alarmsApi = {
  ...resource('group', '/warning/ruleGroup', {
    params: alarmIdParams,
    row: ruleGroupRow,
    page: { summary: 'Paged rule groups of the farms the account sees', query: ruleGroupPageQuery },
    add: { summary: 'Adds a rule group for a farm and shed type (10010 for a name used in the farm)', body: ruleGroupAddBody },
    update: { summary: 'Renames, enables or disables a rule group', body: ruleGroupUpdateBody, answer: idAnswer },
    remove: 'Deletes a rule group with its rules (their alarms stay, as records)',
  }),
  ...resource('rule', '/warning/rule', {
    params: alarmIdParams,
    row: alarmRuleRow,
    page: { summary: 'Paged alarm rules with their day-age stages', query: alarmRulePageQuery },
    detail: 'One alarm rule with its stages',
    add: { summary: 'Adds a rule to a group (20027 a stage from > to, 20028 overlapping stages)', body: alarmRuleAddBody },
    update: {
      summary: 'Replaces a rule and its stages (its live alarms are re-evaluated by the next readings)',
      body: alarmRuleUpdateBody,
      answer: idAnswer,
    },
    remove: 'Deletes a rule; its active alarms are cleared, the records stay',
  }),
  page: get('/warning/record/page', 'Paged alarms, newest first, filtered by farm, shed, level, property, kind, state and time', {
    query: alarmPageQuery,
    answer: pageOf(alarmRow),
  }),
  count: alarmCountEndpoint,
  ack: post('/warning/record/ack', 'Acknowledges alarms with an optional comment (already acknowledged ones are left as they were)', {
    body: alarmAckBody,
    answer: z.object({ acknowledged: z.number() }),
  }),
  clear: post('/warning/record/clear', 'Clears an active alarm by hand (the condition may raise a new one)', {
    body: alarmClearBody,
    answer: noAnswer,
  }),
  shelve: post('/warning/record/shelve', 'Shelves an alarm until a moment (at most 30 days ahead), or ends the shelving with until null', {
    body: alarmShelveBody,
    answer: noAnswer,
  }),
};
