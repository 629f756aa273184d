import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import {
  dynamicWindPayload,
  fixedWindPayload,
  heaterPayload,
  lightingPayload,
  pumpsPayload,
  SETTING_OPS,
  tempDayAgePayload,
  warnBarPayload,
  warnButtonPayload,
  warnNh3Payload,
  warnRhPayload,
  windowPayload,
  type HeaterPayload,
  type SettingGroup,
  type TempDayAgePayload,
  roundTo,
} from '@farmsense/shared';
import {
  DEFAULT_WARN_BAR,
  DEFAULT_WARN_BUTTON,
  DEFAULT_WARN_NH3,
  DEFAULT_WARN_RH,
  defaultDynamicWind,
  defaultFixedWind,
  defaultHeater,
  defaultLighting,
  defaultPumps,
  defaultWindow,
  kindForShedType,
  PROFILES,
} from '../../../simulator/src/index.js';
import type { Db } from './client.js';
import { accounts, controlCommands, controlOptionLogs, gateways, sheds } from './tables.js';
import { demoTenantId } from './demo-tenant.js';

/**
 * CONTRACT §5 demo remote control (issue 14): every demo climate controller has each of its
 * setting groups (day-age curve, heaters, fixed and variable fans, inlets and curtains, pumps, its
 * own alarm limits, the lighting schedule) as version 1, acknowledged, set by the demo administrator. They are what the
 * simulator runs for that house (its profile's set points and its controller's own defaults,
 * simulator defaults.ts, in the same fleet order as db/demo-fleet.ts), so the screens and the
 * simulated house agree from the first visit.
 */

export function demoCurve(kind: keyof typeof PROFILES): TempDayAgePayload {
  return tempDayAgePayload.parse({
    points: PROFILES[kind].target.map(([day, target]) => ({ day, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 })),
    rhTarget: 65,
  });
}

/** The simulated controller's own heating stages of a house kind; null for a house without heaters. */
export function demoHeaters(kind: keyof typeof PROFILES): HeaterPayload | null {
  const count = PROFILES[kind].heaters.count;
  if (count === 0) return null;
  return heaterPayload.parse({
    heaters: Array.from({ length: count }, (_, i) => defaultHeater(i)).map((h) => ({
      ...h,
      onBelow: roundTo(h.onBelow, 1),
      offBelow: roundTo(h.offBelow, 1),
    })),
  });
}

/** Each setting group's payload check, as the apply route takes it (heater and pumps with their full rules). */
const GROUP_RULES = {
  tempDayAge: tempDayAgePayload,
  heater: heaterPayload,
  fixedWind: fixedWindPayload,
  dynamicWind: dynamicWindPayload,
  window: windowPayload,
  pumps: pumpsPayload,
  warnRh: warnRhPayload,
  warnBar: warnBarPayload,
  warnNh3: warnNh3Payload,
  warnButton: warnButtonPayload,
  lighting: lightingPayload,
} as const;
type SeededGroup = keyof typeof GROUP_RULES;

/**
 * Every setting group a demo house of this kind has, with the simulated controller's own values
 * (simulator defaults.ts): what the house runs until someone changes it. Groups for equipment the
 * house lacks (heaters, pumps) are left out. Each payload passes its group's rules.
 */
export function demoSettings(kind: keyof typeof PROFILES): { grp: SeededGroup; payload: Record<string, unknown> }[] {
  const p = PROFILES[kind];
  const all: [SeededGroup, object | null][] = [
    ['tempDayAge', demoCurve(kind)],
    ['heater', demoHeaters(kind)],
    ['fixedWind', defaultFixedWind(p)],
    ['dynamicWind', defaultDynamicWind(p)],
    ['window', defaultWindow(p)],
    ['pumps', defaultPumps(p)],
    ['warnRh', DEFAULT_WARN_RH],
    ['warnBar', DEFAULT_WARN_BAR],
    ['warnNh3', DEFAULT_WARN_NH3],
    ['warnButton', DEFAULT_WARN_BUTTON],
    ['lighting', defaultLighting(p)],
  ];
  return all.flatMap(([grp, payload]) =>
    payload === null ? [] : [{ grp, payload: GROUP_RULES[grp].parse(payload) as Record<string, unknown> }],
  );
}

type CommandRow = typeof controlCommands.$inferInsert;
type LogRow = typeof controlOptionLogs.$inferInsert;

export async function seedControl(db: Db): Promise<void> {
  const tenantId = await demoTenantId(db);
  if (tenantId === null) return;
  const [admin] = await db
    .select({ id: accounts.id, name: accounts.accountName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.accountCode, 'demo')));
  const rows = await db
    .select({ id: gateways.id, shedId: gateways.shedId, farmId: sheds.farmId, shedType: sheds.shedType, createdAt: gateways.createdAt })
    .from(gateways)
    .innerJoin(sheds, eq(sheds.id, gateways.shedId))
    .where(and(eq(gateways.tenantId, tenantId), eq(gateways.gatewayType, 101), like(gateways.code, 'fs-demo%')))
    .orderBy(asc(gateways.code));
  const by = { id: admin?.id ?? null, name: admin?.name ?? null };
  const commands: CommandRow[] = [];
  const logs: LogRow[] = [];
  for (const [i, g] of rows.entries()) {
    const row = { tenantId, farmId: g.farmId, shedId: g.shedId!, gatewayId: g.id };
    for (const [k, { grp, payload }] of demoSettings(kindForShedType(g.shedType, i)).entries()) {
      const at = new Date(g.createdAt.getTime() + k * 2_000);
      const v = syncedVersion(row, grp, payload, at, by);
      commands.push(v.command);
      logs.push(v.log);
    }
  }
  // One insert per table (the demo starts fast); the logs point at their commands.
  if (commands.length === 0) return;
  await db.insert(controlCommands).values(commands);
  await db.insert(controlOptionLogs).values(logs);
}

/** Version 1 of a house's setting group, acknowledged, with its option-log entry. */
function syncedVersion(
  row: { tenantId: number; farmId: number; shedId: number; gatewayId: number },
  grp: SettingGroup,
  payload: Record<string, unknown>,
  at: Date,
  by: { id: number | null; name: string | null },
): { command: CommandRow; log: LogRow } {
  const id = randomUUID();
  const command: CommandRow = {
    id,
    ...row,
    grp,
    version: 1,
    op: SETTING_OPS[grp],
    payload,
    status: 'synced',
    expiresAt: new Date(at.getTime() + 60_000),
    attempts: 1,
    lastSentAt: at,
    ackMsg: 'ok',
    ackedAt: new Date(at.getTime() + 1_000),
    createdAt: at,
    createdBy: by.id,
  };
  const log: LogRow = {
    tenantId: row.tenantId,
    farmId: row.farmId,
    shedId: row.shedId,
    grp,
    action: 'apply',
    version: 1,
    fromValue: null,
    toValue: payload,
    codeKind: 'security',
    commandId: id,
    accountId: by.id,
    accountName: by.name,
    createdAt: at,
  };
  return { command, log };
}
