import { eq } from 'drizzle-orm';
import { AccountType } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { accountFarms, accountRoles, accounts, farms, pens, roleApps, roles, sheds, tenants } from '../db/tables.js';
import { createSession } from '../lib/sessions.js';
import type { TestContext } from './harness.js';

/**
 * Factories for API tests (rows written straight to the database, sessions made without the
 * sign-in flow) and a small client that sends the token header and reads the envelope.
 */
export async function tokenFor(db: Db, accountCode: string): Promise<string> {
  const [acc] = await db
    .select({ id: accounts.id, tenantId: accounts.tenantId })
    .from(accounts)
    .where(eq(accounts.accountCode, accountCode));
  if (!acc) throw new Error(`no account ${accountCode}`);
  return createSession(db, acc, {});
}

export async function accountId(db: Db, accountCode: string): Promise<number> {
  const [acc] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, accountCode));
  if (!acc) throw new Error(`no account ${accountCode}`);
  return acc.id;
}

export async function farmIdByName(db: Db, farmName: string): Promise<number> {
  const [farm] = await db.select({ id: farms.id }).from(farms).where(eq(farms.farmName, farmName));
  if (!farm) throw new Error(`no farm ${farmName}`);
  return farm.id;
}

export async function buildTenant(db: Db, name: string, modules: string[] = ['pig', 'chicken', 'group']): Promise<number> {
  const [t] = await db.insert(tenants).values({ name, modules }).returning({ id: tenants.id });
  return t!.id;
}

export async function buildFarm(db: Db, tenantId: number, farmName: string, type = 1): Promise<number> {
  const [f] = await db.insert(farms).values({ tenantId, farmName, type }).returning({ id: farms.id });
  return f!.id;
}

export async function buildShed(
  db: Db,
  tenantId: number,
  farmId: number,
  s: { shedName: string; shedType?: number; areaNum?: number; buildingNum?: number; shedNum?: number },
): Promise<number> {
  const [row] = await db
    .insert(sheds)
    .values({ tenantId, farmId, shedType: 0, ...s })
    .returning({ id: sheds.id });
  return row!.id;
}

/** A tenant, a farm of it and a house of that farm: their ids. */
export interface Place {
  tenant: number;
  farm: number;
  shed: number;
}

/**
 * A new tenant `<name> Agri` with a farm `<name> Farm` and one house in it (other names, tenant
 * modules and farm type when told, else as `buildTenant` and `buildFarm`): their ids.
 */
export async function buildPlace(
  db: Db,
  name: string,
  shed: Parameters<typeof buildShed>[3],
  o: { tenant?: string; farm?: string; modules?: string[]; farmType?: number } = {},
): Promise<Place> {
  const tenant = await buildTenant(db, o.tenant ?? `${name} Agri`, o.modules);
  const farm = await buildFarm(db, tenant, o.farm ?? `${name} Farm`, o.farmType);
  return { tenant, farm, shed: await buildShed(db, tenant, farm, shed) };
}

/** Pens of the tenant's houses (column and row 1 unless given), in order: their ids. */
export async function buildPens(
  db: Db,
  tenantId: number,
  list: { shedId: number; fieldColumn?: number; field?: number; name?: string }[],
): Promise<number[]> {
  const rows = await db
    .insert(pens)
    .values(list.map((p) => ({ tenantId, fieldColumn: 1, field: 1, ...p })))
    .returning({ id: pens.id });
  return rows.map((r) => r.id);
}

export async function buildRole(db: Db, tenantId: number, roleName: string, apps: { code: string; ops: string[] }[]): Promise<number> {
  const [r] = await db.insert(roles).values({ tenantId, roleName }).returning({ id: roles.id });
  if (apps.length > 0) await db.insert(roleApps).values(apps.map((a) => ({ roleId: r!.id, appCode: a.code, ops: a.ops })));
  return r!.id;
}

export async function buildAccount(
  db: Db,
  a: { tenantId: number | null; accountCode: string; accountType?: number; farmIds?: number[]; roleIds?: number[] },
): Promise<number> {
  const [acc] = await db
    .insert(accounts)
    .values({
      tenantId: a.tenantId,
      accountCode: a.accountCode,
      accountName: `Name of ${a.accountCode}`,
      // Never used to sign in: tests get their sessions from createSession.
      passwordHash: 'unusable',
      mustChangePassword: false,
      accountType: a.accountType ?? AccountType.TENANT_ORDINARY,
    })
    .returning({ id: accounts.id });
  const id = acc!.id;
  if (a.farmIds?.length) await db.insert(accountFarms).values(a.farmIds.map((farmId) => ({ accountId: id, farmId })));
  if (a.roleIds?.length) await db.insert(accountRoles).values(a.roleIds.map((roleId) => ({ accountId: id, roleId })));
  return id;
}

/** An administrator `accountCode` of the tenant, signed in: its token. */
export async function adminToken(db: Db, tenantId: number, accountCode: string): Promise<string> {
  await buildAccount(db, { tenantId, accountCode, accountType: AccountType.TENANT_ADMIN });
  return tokenFor(db, accountCode);
}

/** A view-only account of one function on one farm: `<prefix>-<suffix>`. */
export interface LimitedAccount {
  suffix: string;
  role: string;
  code: string;
  farm: number;
}

/**
 * The accounts of a test tenant, in this order: its administrator `<prefix>-admin`, each of the
 * `limited` accounts (a view-only role of its own), and another tenant's administrator
 * `<prefix>-<other.suffix>` (tenant `<name> Second` and suffix `second` unless told; the other
 * tenant has `modules`); answers their tokens by account code.
 */
export async function tenantAccounts(
  db: Db,
  o: {
    tenant: number;
    name: string;
    prefix: string;
    modules: string[];
    limited?: LimitedAccount[];
    other?: { suffix: string; tenant: string };
  },
): Promise<Record<string, string>> {
  const admin = `${o.prefix}-admin`;
  const other = `${o.prefix}-${o.other?.suffix ?? 'second'}`;
  await buildAccount(db, { tenantId: o.tenant, accountCode: admin, accountType: AccountType.TENANT_ADMIN });
  const codes = [admin];
  for (const l of o.limited ?? []) {
    const role = await buildRole(db, o.tenant, l.role, [{ code: l.code, ops: ['view'] }]);
    codes.push(`${o.prefix}-${l.suffix}`);
    await buildAccount(db, { tenantId: o.tenant, accountCode: codes.at(-1)!, farmIds: [l.farm], roleIds: [role] });
  }
  const otherTenant = await buildTenant(db, o.other?.tenant ?? `${o.name} Second`, o.modules);
  await buildAccount(db, { tenantId: otherTenant, accountCode: other, accountType: AccountType.TENANT_ADMIN });
  const tok: Record<string, string> = {};
  for (const a of [...codes, other]) tok[a] = await tokenFor(db, a);
  return tok;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  code: number;
  data: T;
}

/** Calls the API as the holder of `token` (or anonymously) and returns status, code and data. */
export async function call<T = unknown>(
  ctx: TestContext,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<ApiAnswer<T>> {
  return send<T>(ctx, method, url, { token, body: payload });
}

/** One request with optional token, extra headers and client address; returns status, code and data. */
export async function send<T = unknown>(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string | null; body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiAnswer<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}
