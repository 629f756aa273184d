import { and, eq, lte, sql } from 'drizzle-orm';
import { COMMAND_PROPERTY, type LiveAlarm } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import { gateways, sheds } from '../../db/tables.js';
import type { CommandSettledListener } from '../control/index.js';
import { planPush } from './push/plan.js';
import { inForce, RULE_GROUP, RULE_SHEDS } from './covered.js';
import { alarmEvent } from './stored.js';
import { alarmRuleGroups, alarmRules, alarms } from './tables.js';

/**
 * The `commandFailed` rules (device state "command failed"), heard from the control module as it
 * settles a command (control settled.ts), in the transaction that settles it:
 * - failed (the controller refused) or expired (no ack in time): each enabled rule of the house's
 *   farm and type raises an alarm on the controller, key `command.<group>`, value the version;
 *   one live alarm per (rule, controller, group) through the partial unique index, so a second
 *   process or a second failure of the group raises nothing twice (the live alarm takes the newer
 *   version as its value and peak);
 * - synced: the group's live alarms of that controller from this or an older version clear
 *   (a late ack of an older version leaves a newer failure standing).
 */
export const commandKey = (group: string): string => `${COMMAND_PROPERTY}.${group}`;

async function rulesOf(tx: Tx, tenantId: number, shedId: number) {
  return tx
    .select({ id: alarmRules.id, name: alarmRules.name, level: alarmRules.level, message: alarmRules.message })
    .from(alarmRules)
    .innerJoin(alarmRuleGroups, RULE_GROUP)
    .innerJoin(sheds, RULE_SHEDS)
    .where(and(eq(sheds.id, shedId), eq(alarmRules.tenantId, tenantId), inForce(['commandFailed'])));
}

export const commandAlarms: CommandSettledListener = async (tx, deps, cmd) => {
  const key = commandKey(cmd.group);
  const events: LiveAlarm[] = [];
  if (cmd.status === 'synced') {
    const cleared = await tx
      .update(alarms)
      .set({ active: false, endedAt: sql`greatest(${alarms.startedAt}, ${cmd.at.toISOString()}::timestamptz)`, updatedAt: new Date() })
      .where(
        and(
          eq(alarms.gatewayId, cmd.gatewayId),
          eq(alarms.kind, 'commandFailed'),
          eq(alarms.key, key),
          eq(alarms.active, true),
          lte(alarms.value, cmd.version),
        ),
      )
      .returning();
    events.push(...cleared.map((a) => alarmEvent(a, 'cleared')));
  } else {
    const rules = await rulesOf(tx, cmd.tenantId, cmd.shedId);
    const [gw] = rules.length > 0 ? await tx.select({ code: gateways.code }).from(gateways).where(eq(gateways.id, cmd.gatewayId)) : [];
    for (const rule of gw ? rules : []) {
      const [raised] = await tx
        .insert(alarms)
        .values({
          tenantId: cmd.tenantId,
          farmId: cmd.farmId,
          shedId: cmd.shedId,
          gatewayId: cmd.gatewayId,
          gatewayCode: gw!.code,
          ruleId: rule.id,
          ruleName: rule.name,
          kind: 'commandFailed',
          key,
          level: rule.level,
          message: rule.message,
          startedAt: cmd.at,
          readingTs: cmd.at,
          value: cmd.version,
          peak: cmd.version,
        })
        .onConflictDoNothing({ target: [alarms.ruleId, alarms.gatewayId, alarms.key], where: sql`${alarms.active}` })
        .returning();
      if (raised) {
        events.push(alarmEvent(raised, 'raised'));
        continue;
      }
      // Already in alarm for the group: it now stands for the newer failed version.
      const [moved] = await tx
        .update(alarms)
        .set({ value: cmd.version, peak: cmd.version, readingTs: cmd.at, updatedAt: new Date() })
        .where(
          and(
            eq(alarms.ruleId, rule.id),
            eq(alarms.gatewayId, cmd.gatewayId),
            eq(alarms.key, key),
            eq(alarms.active, true),
            sql`${alarms.value} < ${cmd.version}`,
          ),
        )
        .returning();
      if (moved) events.push(alarmEvent(moved, 'peak'));
    }
    await planPush(
      tx,
      deps,
      events.filter((e) => e.change === 'raised').map((e) => e.id),
    );
  }
  if (events.length === 0) return;
  return () => {
    for (const e of events) deps.live.publishAlarm(e);
  };
};
