import { eq } from 'drizzle-orm';
import { AccountType, addDays, farmDay } from '@farmsense/shared';
import { accountSheds, farms, gateways } from '../../db/tables.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import {
  buildAccount,
  buildFarm,
  buildRole,
  buildShed,
  buildTenant,
  call,
  farmIdByName,
  tokenFor,
  type ApiAnswer,
} from '../../test/factories.js';
import { DAILY_APPS, FLOCK_WRITE_APP } from './access.js';

/**
 * The world of the production API tests: the demo tenant's poultry farm with houses of the
 * test's own (the demo data may hold flocks of its own in the demo houses), and the accounts
 * the scope rules are tested with.
 */
export interface ProductionWorld {
  ctx: TestContext;
  tenantId: number;
  poultryFarm: number;
  pigFarm: number;
  today: string;
  tok: Record<'admin' | 'outsider' | 'noFarm' | 'limited' | 'feedOnly' | 'reader', string>;
  /** A house of the poultry farm the shed-limited account is limited to. */
  limitedShed: number;
  newShed(): Promise<number>;
  /** Adds a flock as the administrator (placed `placedDaysAgo` days ago, hatched 1 day before). */
  newFlock(over?: Record<string, unknown>, placedDaysAgo?: number): Promise<number>;
  api<T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer<T>>;
  newGateway(shedId: number | null, code: string): Promise<number>;
}

export const TZ = 'Asia/Shanghai';

export async function productionWorld(): Promise<ProductionWorld> {
  const ctx = await createTestApp();
  const db = ctx.database.db;
  const poultryFarm = await farmIdByName(db, 'Demo Poultry Farm');
  const pigFarm = await farmIdByName(db, 'Demo Pig Farm');
  const [farm] = await db.select({ tenantId: farms.tenantId }).from(farms).where(eq(farms.id, poultryFarm));
  const tenantId = farm!.tenantId;
  let n = 0;
  const newShed = async (): Promise<number> => {
    n += 1;
    return buildShed(db, tenantId, poultryFarm, { shedName: `Test House ${n}`, shedType: 1001, areaNum: 90, buildingNum: 90, shedNum: n });
  };

  const other = await buildTenant(db, 'Other Poultry Co');
  await buildFarm(db, other, 'Other Poultry Farm', 2);
  await buildAccount(db, { tenantId: other, accountCode: 'prod-outsider', accountType: AccountType.TENANT_ADMIN });
  const all = [FLOCK_WRITE_APP, 'ci18.group.current', ...DAILY_APPS].map((code) => ({ code, ops: ['view', 'add', 'edit', 'delete'] }));
  const allRole = await buildRole(db, tenantId, 'Production all', all);
  await buildAccount(db, { tenantId, accountCode: 'prod-nofarm', roleIds: [allRole], farmIds: [pigFarm] });
  const limitedId = await buildAccount(db, { tenantId, accountCode: 'prod-limited', roleIds: [allRole], farmIds: [poultryFarm] });
  const limitedShed = await newShed();
  await db.insert(accountSheds).values({ accountId: limitedId, shedId: limitedShed });
  const feedRole = await buildRole(db, tenantId, 'Feed only', [{ code: 'prod-data-input.daily-feed', ops: ['view', 'add', 'edit'] }]);
  await buildAccount(db, { tenantId, accountCode: 'prod-feed', roleIds: [feedRole], farmIds: [poultryFarm] });
  const readRole = await buildRole(db, tenantId, 'Flock reader', [{ code: 'ci18.group.current', ops: ['view'] }]);
  await buildAccount(db, { tenantId, accountCode: 'prod-reader', roleIds: [readRole], farmIds: [poultryFarm] });

  const tok = {
    admin: await tokenFor(db, 'demo'),
    outsider: await tokenFor(db, 'prod-outsider'),
    noFarm: await tokenFor(db, 'prod-nofarm'),
    limited: await tokenFor(db, 'prod-limited'),
    feedOnly: await tokenFor(db, 'prod-feed'),
    reader: await tokenFor(db, 'prod-reader'),
  };
  const today = farmDay(new Date(), TZ);
  const api = <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer<T>> =>
    call<T>(ctx, token, method, url, body);
  let g = 0;
  const newFlock = async (over: Record<string, unknown> = {}, placedDaysAgo = 10): Promise<number> => {
    g += 1;
    const body = {
      farmId: poultryFarm,
      shedId: over.shedId ?? (await newShed()),
      groupNo: `T-${g}`,
      flockType: 2,
      sex: 3,
      birthDate: addDays(today, -placedDaysAgo - 1),
      startDate: addDays(today, -placedDaysAgo),
      maleCount: 100,
      femaleCount: 900,
      ...over,
    };
    const res = await api<{ id: number }>(tok.admin, 'POST', '/api/breedpigbuilding/flock', body);
    if (res.code !== 1) throw new Error(`flock add failed with ${res.code} ${JSON.stringify(res.data)}`);
    return res.data.id;
  };
  const newGateway = async (shedId: number | null, code: string): Promise<number> => {
    const [row] = await db
      .insert(gateways)
      .values({
        tenantId,
        farmId: poultryFarm,
        shedId,
        code,
        name: code,
        gatewayType: 101,
        checkCode: 'x',
      })
      .returning({ id: gateways.id });
    return row!.id;
  };
  return { ctx, tenantId, poultryFarm, pigFarm, today, tok, limitedShed, newShed, newFlock, api, newGateway };
}
