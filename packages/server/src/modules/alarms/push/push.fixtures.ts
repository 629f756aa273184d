import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/tables.js';
import { addGateway, newCode } from '../../../iot/testkit.js';
import type { TestContext } from '../../../test/harness.js';
import { adminToken, buildAccount, buildPlace, call } from '../../../test/factories.js';
import type { GatewayRef } from '../evaluate.js';

/**
 * A push test's farm: a pig tenant `<name> Agri` with one farm, its administrator
 * `<prefix>-admin` and a keeper `<prefix>-keeper` on the farm with the e-mail or phone number
 * given, a house (shed type 3) with a gateway, and a threshold rule "above 30" on `temp` in a
 * rule group for sows, named and worded as given (the message goes out in the push).
 */
export interface PushFarm {
  farm: number;
  /** The administrator's token. */
  admin: string;
  keeper: number;
  g: GatewayRef;
}

export async function pushFarm(
  ctx: TestContext,
  o: {
    name: string;
    prefix: string;
    house: string;
    keeper: { email: string } | { phoneNo: string };
    rule: { name: string; message: string };
  },
): Promise<PushFarm> {
  const { db } = ctx.database;
  const { tenant: tenantId, farm, shed: shedId } = await buildPlace(db, o.name, { shedName: o.house, shedType: 3 }, { modules: ['pig'] });
  const admin = await adminToken(db, tenantId, `${o.prefix}-admin`);
  const keeper = await buildAccount(db, { tenantId, accountCode: `${o.prefix}-keeper`, farmIds: [farm] });
  await db.update(accounts).set(o.keeper).where(eq(accounts.id, keeper));
  const code = newCode();
  const id = await addGateway(ctx.database, { tenantId, code, farmId: farm, shedId });
  const g: GatewayRef = { id, code, tenantId, farmId: farm, shedId, timeZone: 'UTC' };
  const group = await call<{ id: number }>(ctx, admin, 'POST', '/api/warning/ruleGroup', { farmId: farm, shedType: 3, name: 'Sows' });
  const rule = await call(ctx, admin, 'POST', '/api/warning/rule', {
    groupId: group.data.id,
    ...o.rule,
    level: 1,
    kind: 'threshold',
    property: 'temp',
    operator: 'gt',
    stages: [{ fromDay: 0, toDay: 9999, high: 30 }],
  });
  if (rule.code !== 1) throw new Error(`the push test's rule was refused: ${JSON.stringify(rule)}`);
  return { farm, admin, keeper, g };
}

/** Adds a push strategy of the farm for its keeper, on level-1 threshold alarms; answers the API's code. */
export async function pushStrategy(ctx: TestContext, f: PushFarm, o: Record<string, unknown>): Promise<number> {
  const body = { farmId: f.farm, levels: [1], kinds: ['threshold'], accountIds: [f.keeper], sendDelaySec: 0, ...o };
  return (await call(ctx, f.admin, 'POST', '/api/warning/push/strategy', body)).code;
}
