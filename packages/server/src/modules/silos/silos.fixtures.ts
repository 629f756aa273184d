import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { gateways } from '../../db/tables.js';
import { addGateway, newCode } from '../../iot/testkit.js';
import type { TestContext } from '../../test/harness.js';
import { adminToken, buildPlace, call } from '../../test/factories.js';

export const SILO = '/api/breedpigbuilding/breedWeightFodder/silo';

/**
 * A pig farm with a silo weigher for the weighing tests: the tenant `<name> Agri` with its farm
 * `<name> Farm` and one finishing house (`house`), its administrator `<prefix>-admin` (`token`)
 * and a weigher gateway (type 100, category 202, code `code`) bound to no silo yet.
 */
export interface WeigherFarm {
  tenant: number;
  farm: number;
  shed: number;
  token: string;
  code: string;
  gatewayId: number;
}

export async function weigherFarm(ctx: TestContext, o: { name: string; prefix: string; house: string }): Promise<WeigherFarm> {
  const { db } = ctx.database;
  const { tenant, farm, shed } = await buildPlace(db, o.name, { shedName: o.house, shedType: 4 }, { modules: ['pig'] });
  const token = await adminToken(db, tenant, `${o.prefix}-admin`);
  const code = newCode(o.prefix);
  const gatewayId = await addGateway(ctx.database, { tenantId: tenant, code, farmId: farm });
  await db.update(gateways).set({ gatewayType: 100, deviceCategory: 202 }).where(eq(gateways.id, gatewayId));
  return { tenant, farm, shed, token, code, gatewayId };
}

/** A silo of the farm's house (3 days' lead) added and bound to the weigher's `channel` through the API; answers its id. */
export async function weighedSilo(
  ctx: TestContext,
  w: WeigherFarm,
  s: { name: string; capacityKg: number; channel: number },
): Promise<number> {
  const r = await call<{ id: number }>(ctx, w.token, 'POST', SILO, {
    farmId: w.farm,
    name: s.name,
    capacityKg: s.capacityKg,
    shedIds: [w.shed],
    leadDays: 3,
  });
  const bound = await call(ctx, w.token, 'POST', `${SILO}/bindScale`, { id: r.data.id, gatewayId: w.gatewayId, channel: s.channel });
  expect([r.code, bound.code]).toEqual([1, 1]);
  return r.data.id;
}
