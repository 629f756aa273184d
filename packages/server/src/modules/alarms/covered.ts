import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { sheds } from '../../db/tables.js';
import { alarmRuleGroups, alarmRules } from './tables.js';

/**
 * Which rules are in force and which sheds they cover, said once for the evaluators (batch.ts,
 * watch.ts, commands.ts): a rule covers every shed of its farm and shed type; it is in force when
 * it and its group are enabled. Use as
 * `.from(alarmRules).innerJoin(alarmRuleGroups, RULE_GROUP).innerJoin(sheds, RULE_SHEDS).where(and(inForce(kinds), ...))`.
 */
export const RULE_GROUP: SQL = eq(alarmRuleGroups.id, alarmRules.groupId);
export const RULE_SHEDS: SQL = and(eq(sheds.farmId, alarmRules.farmId), eq(sheds.shedType, alarmRules.shedType))!;

type RuleKind = 'threshold' | 'noData' | 'offline' | 'commandFailed' | 'rateOfChange';

/** Enabled rules of enabled groups, of these kinds. */
export function inForce(kinds: readonly RuleKind[]): SQL {
  return and(inArray(alarmRules.kind, [...kinds]), eq(alarmRules.enabled, true), eq(alarmRuleGroups.enabled, true))!;
}
