import { withDemoApp } from '../../test/demo-app.js';
import type { TestContext } from '../../test/harness.js';
import { send } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';

/** Calls and helpers shared by the platform back-office tests. */
export const TENANT_PAGE = '/api/platform/tenant/page';
export const TENANT = '/api/platform/tenant';
export const TENANT_STATUS = '/api/platform/tenant/status';
export const SYSTEM_AUTH = '/api/platform/tenant/systemAuth';
export const API_AUTH = '/api/platform/tenant/apiAuth';
export const TENANT_OPTIONS = '/api/platform/tenant/options';
export const INITIAL_PASSWORD = 'Start@2024x';

/**
 * Registers the file's app (with the demo data) and signs the platform administrator in: made
 * before the tests, closed after them; `set` receives the app and the administrator's token.
 */
export function withPlatformApp(set: (made: { ctx: TestContext; platform: string }) => void): void {
  withDemoApp(['platform'], ({ ctx, tok }) => set({ ctx, platform: tok.platform! }));
}

/** A valid add-tenant body; the administrator's password is encrypted like the web does. */
export async function tenantBody(
  ctx: TestContext,
  name: string,
  adminAccountCode: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    name,
    contact: 'Wang Fang',
    phone: '13900000000',
    address: 'Farm Road 9',
    modules: ['pig', 'chicken'],
    adminAccountCode,
    adminAccountName: `Admin of ${name}`,
    adminPassword: await encrypt(ctx, INITIAL_PASSWORD),
    ...extra,
  };
}

/** Adds a tenant through the platform API and returns its id and administrator id. */
export async function addTenantVia(
  ctx: TestContext,
  platformToken: string,
  name: string,
  adminAccountCode: string,
): Promise<{ id: number; adminAccountId: number }> {
  const res = await send<{ id: number; adminAccountId: number }>(ctx, 'POST', TENANT, {
    token: platformToken,
    body: await tenantBody(ctx, name, adminAccountCode),
  });
  if (res.code !== 1) throw new Error(`add tenant ${name} failed with ${res.code}`);
  return res.data;
}

let ipSeq = 0;
/** Signs in from an address of its own (the per-IP throttle stays out of the way). */
export async function signIn(
  ctx: TestContext,
  username: string,
  password: string,
): Promise<{ code: number; token: string | null; mustChangePassword: boolean | null }> {
  ipSeq += 1;
  const res = await send<{ token: string; mustChangePassword: boolean } | null>(ctx, 'POST', '/api/breedpigaccount/login/doLogin', {
    body: { username, password: await encrypt(ctx, password) },
    ip: `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
  return { code: res.code, token: res.data?.token ?? null, mustChangePassword: res.data?.mustChangePassword ?? null };
}
