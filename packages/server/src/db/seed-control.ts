import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { SETTING_OPS, tempDayAgePayload, type TempDayAgePayload } from '@farmsense/shared';
import { kindForShedType, PROFILES } from '../../../simulator/src/index.js';
import type { Db } from './client.js';
import { accounts, controlCommands, controlOptionLogs, gateways, sheds, tenants } from './tables.js';

/**
 * CONTRACT §5 demo remote control (issue 14): every demo climate controller has its day-age
 * temperature curve as version 1, acknowledged, set by the demo administrator. The curve is the
 * one the simulator runs for that house (its profile's set points, in the same fleet order as
 * db/demo-fleet.ts), so the screen's curve and the simulated house agree from the first visit.
 */
const DEMO_TENANT = 'Demo Agri Group';

export function demoCurve(kind: keyof typeof PROFILES): TempDayAgePayload {
  return tempDayAgePayload.parse({
    points: PROFILES[kind].target.map(([day, target]) => ({ day, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 })),
    rhTarget: 65,
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
    const payload = demoCurve(kindForShedType(g.shedType, i));
    const id = randomUUID();
    const at = g.createdAt;
    await db.insert(controlCommands).values({
      id,
      tenantId: tenant.id,
      farmId: g.farmId,
      shedId: g.shedId!,
      gatewayId: g.id,
      grp: 'tempDayAge',
      version: 1,
      op: SETTING_OPS.tempDayAge,
      payload,
      status: 'synced',
      expiresAt: new Date(at.getTime() + 60_000),
      attempts: 1,
      lastSentAt: at,
      ackMsg: 'ok',
      ackedAt: new Date(at.getTime() + 1_000),
      createdAt: at,
      createdBy: admin?.id ?? null,
    });
    await db.insert(controlOptionLogs).values({
      tenantId: tenant.id,
      farmId: g.farmId,
      shedId: g.shedId!,
      grp: 'tempDayAge',
      action: 'apply',
      version: 1,
      fromValue: null,
      toValue: payload,
      codeKind: 'security',
      commandId: id,
      accountId: admin?.id ?? null,
      accountName: admin?.name ?? null,
      createdAt: at,
    });
  }
}
