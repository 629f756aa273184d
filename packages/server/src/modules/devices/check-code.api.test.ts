import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerRow, Page } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { DEMO_CHECK_CODE } from '../../db/seed.js';
import { hashStoredCheckCodes } from '../../db/after-migrations.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { connected, deviceClient } from '../../iot/testkit.js';
import { adminWorld, type AdminWorld } from '../farms/admin.fixtures.js';

/**
 * Gateway check codes are secrets (issue 16): stored as argon2id hashes, answered once (adding a
 * gateway, regenerating its code), never in any other answer; the broker verifies against the
 * hash; plain codes a database still holds are hashed at start; the demo code keeps working.
 */
const C = '/api/breedpigdevice/controller';

describe(`gateway check codes (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let n = 0;
  const body = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    code: `fs-cc${Date.now().toString(36)}${++n}`,
    name: `Check code ${++n}`,
    gatewayType: 101,
    deviceCategory: 201,
    farmId: w.pigFarm,
    ...over,
  });
  const stored = async (id: number): Promise<string> =>
    (await ctx.database.db.select({ c: gateways.checkCode }).from(gateways).where(eq(gateways.id, id)))[0]!.c;
  const signsIn = async (code: string, password: string): Promise<boolean> => {
    const client = deviceClient(ctx.iot, { username: code, password, clientId: `${code}-t${++n}` });
    try {
      await connected(client);
      return true;
    } catch {
      return false;
    } finally {
      client.end(true);
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp({ iot: { tcpPort: null } });
    w = await adminWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('generates a code when none is given, answers it once and stores only its hash', async () => {
    const b = body();
    const added = await call<{ id: number; checkCode: string }>(ctx, w.tok.demo, 'POST', `${C}/add`, b);
    expect(added.code).toBe(1);
    const code = added.data.checkCode;
    expect(code).toMatch(/^[A-Z2-9]{16}$/);
    const hash = await stored(added.data.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(code);
    expect(await verifyPassword(hash, code)).toBe(true);
    // No other answer carries it, nor the hash.
    const page = await call<Page<ControllerRow>>(ctx, w.tok.demo, 'POST', `${C}/page`, { keyword: String(b.code) });
    expect(page.data.list).toHaveLength(1);
    expect(JSON.stringify(page.data)).not.toContain(code);
    expect(JSON.stringify(page.data)).not.toContain('$argon2');
    expect(page.data.list[0]).toMatchObject({ checkCodeSet: true });
    expect(await signsIn(String(b.code), code)).toBe(true);
    expect(await signsIn(String(b.code), 'wrong-code')).toBe(false);
  });

  it('takes the installer’s code when given, hashed the same way', async () => {
    const b = body({ checkCode: 'field-set-1' });
    const added = await call<{ id: number; checkCode: string }>(ctx, w.tok.demo, 'POST', `${C}/add`, b);
    expect(added.data.checkCode).toBe('field-set-1');
    expect(await stored(added.data.id)).toMatch(/^\$argon2id\$/);
    expect(await signsIn(String(b.code), 'field-set-1')).toBe(true);
  });

  it('regenerates: the new code answered once works, the old one no longer does', async () => {
    const b = body({ checkCode: 'before-rotation' });
    const added = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${C}/add`, b);
    const before = await stored(added.data.id);
    const r = await call<{ checkCode: string }>(ctx, w.tok.demo, 'POST', `${C}/regenerateCheckCode`, { id: added.data.id });
    expect(r.code).toBe(1);
    expect(r.data.checkCode).toMatch(/^[A-Z2-9]{16}$/);
    const after = await stored(added.data.id);
    expect(after).not.toBe(before);
    expect(await verifyPassword(after, r.data.checkCode)).toBe(true);
    expect(await signsIn(String(b.code), 'before-rotation')).toBe(false);
    expect(await signsIn(String(b.code), r.data.checkCode)).toBe(true);
  });

  it('regenerates only gateways the caller sees (20088 for another tenant’s or an unknown one)', async () => {
    const [foreign] = await ctx.database.db
      .insert(gateways)
      .values({ tenantId: w.otherTenant, farmId: w.otherFarm, code: `fs-ccx${++n}`, name: 'Foreign', gatewayType: 101, checkCode: 'x' })
      .returning({ id: gateways.id, checkCode: gateways.checkCode });
    for (const id of [foreign!.id, 9_999_999]) {
      expect((await call(ctx, w.tok.demo, 'POST', `${C}/regenerateCheckCode`, { id })).code).toBe(20088);
    }
    expect(await stored(foreign!.id)).toBe(foreign!.checkCode);
  });

  it('hashes plain codes a database still holds at start, once, and the demo gateways keep the demo code', async () => {
    const [plain] = await ctx.database.db
      .insert(gateways)
      .values({
        tenantId: w.demoTenant,
        farmId: w.pigFarm,
        code: `fs-ccp${++n}`,
        name: 'Plain',
        gatewayType: 101,
        checkCode: 'legacy-plain',
      })
      .returning({ id: gateways.id, code: gateways.code });
    expect(await hashStoredCheckCodes(ctx.database)).toBeGreaterThanOrEqual(1);
    const hash = await stored(plain!.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'legacy-plain')).toBe(true);
    expect(await hashStoredCheckCodes(ctx.database)).toBe(0);
    ctx.iot.devices.invalidate(plain!.code);
    expect(await signsIn(plain!.code, 'legacy-plain')).toBe(true);
    // CONTRACT §5: the demo gateways sign in with `demo` (the simulator's code).
    expect(await stored(await demoId())).toMatch(/^\$argon2id\$/);
    expect(await signsIn('fs-demo01', DEMO_CHECK_CODE)).toBe(true);
  });

  async function demoId(): Promise<number> {
    return (await ctx.database.db.select({ id: gateways.id }).from(gateways).where(eq(gateways.code, 'fs-demo01')))[0]!.id;
  }
});
