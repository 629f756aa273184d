import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import {
  heaterPayload,
  SETTING_OPS,
  tempDayAgePayload,
  type HeaterPayload,
  type SettingGroup,
  type TempDayAgePayload,
} from '@farmsense/shared';
import { defaultHeater, kindForShedType, PROFILES } from '../../../simulator/src/index.js';
import type { Db } from './client.js';
import { accounts, controlCommands, controlOptionLogs, gateways, sheds, tenants } from './tables.js';

/**
 * CONTRACT §5 demo remote control (issue 14): every demo climate controller has its day-age
 * temperature curve and its heater points as version 1, acknowledged, set by the demo
 * administrator. They are what the simulator runs for that house (its profile's set points and its
 * controller's own heating stages, in the same fleet order as db/demo-fleet.ts), so the screens
 * and the simulated house agree from the first visit.
 */
const DEMO_TENANT = 'Demo Agri Group';

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
  const round = (v: number): number => Math.round(v * 10) / 10;
  return heaterPayload.parse({
    heaters: Array.from({ length: count }, (_, i) => defaultHeater(i)).map((h) => ({
      ...h,
      onBelow: round(h.onBelow),
      offBelow: round(h.offBelow),
    })),
  });
}

export async function seedControl(db: Db): Promise<void> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, DEMO_TENANT));
  if (!tenant) return;
  const [admin] = await db
    .select({ id: accounts.id, name: accounts.accountName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.accountCode, 'demo')));
  const rows = await db
    .select({ id: gateways.id, shedId: gateways.shedId, farmId: sheds.farmId, shedType: sheds.shedType, createdAt: gateways.createdAt })
    .from(gateways)
    .innerJoin(sheds, eq(sheds.id, gateways.shedId))
    .where(and(eq(gateways.tenantId, tenant.id), eq(gateways.gatewayType, 101), like(gateways.code, 'fs-demo%')))
    .orderBy(asc(gateways.code));
  for (const [i, g] of rows.entries()) {
    const kind = kindForShedType(g.shedType, i);
    const at = g.createdAt;
    const by = { id: admin?.id ?? null, name: admin?.name ?? null };
    const row = { tenantId: tenant.id, farmId: g.farmId, shedId: g.shedId!, gatewayId: g.id };
    await syncedVersion(db, row, 'tempDayAge', demoCurve(kind), at, by);
    const heaters = demoHeaters(kind);
    if (heaters) await syncedVersion(db, row, 'heater', heaters, new Date(at.getTime() + 2_000), by);
  }
}

/** Version 1 of a house's setting group, acknowledged, with its option-log entry. */
async function syncedVersion(
  db: Db,
  row: { tenantId: number; farmId: number; shedId: number; gatewayId: number },
  grp: SettingGroup,
  payload: Record<string, unknown>,
  at: Date,
  by: { id: number | null; name: string | null },
): Promise<void> {
  const id = randomUUID();
  await db.insert(controlCommands).values({
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
  });
  await db.insert(controlOptionLogs).values({
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
  });
}
