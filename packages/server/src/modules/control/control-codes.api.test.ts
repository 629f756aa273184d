import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountType,
  CONTROL_CODE_LOCK,
  type ApplyAnswer,
  type AuthCodeGenerated,
  type AuthCodeRow,
  type OptionLogRow,
  type Page,
} from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildAccount, buildRole, call, tokenFor } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';
import { APPLY, buildWorld, CODES, curve, LOGS, SAFE_CODE, securityCode, type ControlWorld } from './control.fixtures.js';

/**
 * The confirmation of remote actions: authorization codes (generate, list with uses, disable,
 * expiry, houses and actions they cover), the security code's brute-force lock, the codes never
 * stored or logged in clear, and every invalid input with its code.
 */
describe(`remote control codes (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;

  const applyWith = async (fields: Record<string, unknown>, token = w.token, shedIds = [w.sheds[0]]) =>
    call<ApplyAnswer>(ctx, token, 'POST', APPLY, { group: 'tempDayAge', shedIds, payload: curve(24), ...fields });
  const generate = async (body: Record<string, unknown>) => call<AuthCodeGenerated>(ctx, w.token, 'POST', `${CODES}/generate`, body);
  const codes = async (): Promise<AuthCodeRow[]> => (await call<Page<AuthCodeRow>>(ctx, w.token, 'GET', `${CODES}/page`)).data.list;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    w = await buildWorld(ctx, 'codes');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('generates an authorization code shown once, lists it with its uses, and confirms a save with it', async () => {
    const g = await generate({ validMinutes: 30, shedIds: [w.sheds[0]], actions: ['tempDayAge'], remark: 'night shift' });
    expect(g.code).toBe(1);
    expect(g.data.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(g.data.expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    const r = await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, g.data.code.toLowerCase()) });
    expect(r.code).toBe(1);
    expect(r.data.results[0]).toMatchObject({ code: 1, status: 'pending', online: false });
    const row = (await codes()).find((c) => c.id === g.data.id)!;
    expect(row).toMatchObject({
      shedIds: [w.sheds[0]],
      shedNames: ['House A'],
      actions: ['tempDayAge'],
      enabled: true,
      expired: false,
      uses: 1,
    });
    expect(JSON.stringify(row)).not.toContain(g.data.code);
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?authCodeId=${g.data.id}`);
    expect(logs.data.list).toEqual([expect.objectContaining({ codeKind: 'authorization', authCodeId: g.data.id })]);
    // The table holds its hash only, and neither the code nor its ciphertext reaches the audit log.
    const stored = await ctx.database.query<{ code_hash: string }>('SELECT code_hash FROM control_auth_codes WHERE id = $1', [g.data.id]);
    expect(stored[0]!.code_hash).not.toContain(g.data.code);
    const audit = await ctx.database.query<{ detail: unknown }>('SELECT detail FROM audit_log');
    expect(JSON.stringify(audit)).not.toContain(g.data.code);
  });

  it('refuses a disabled code (20058), an expired one (20061), and one for other houses or actions (20054)', async () => {
    const g = (await generate({ validMinutes: 5, shedIds: [w.sheds[0]] })).data;
    expect((await call(ctx, w.token, 'POST', `${CODES}/enable`, { id: g.id, enabled: false })).code).toBe(1);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, g.code) })).code).toBe(20058);
    expect((await call(ctx, w.token, 'POST', `${CODES}/enable`, { id: g.id, enabled: true })).code).toBe(1);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, g.code) }, w.token, [w.sheds[1]!])).code).toBe(20054);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, g.code) })).code).toBe(1);
    await ctx.database.query(`UPDATE control_auth_codes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [g.id]);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, g.code) })).code).toBe(20061);
    expect((await codes()).find((c) => c.id === g.id)).toMatchObject({ expired: true, uses: 1 });
    // Another tenant's administrator neither sees nor changes it, nor can use it.
    const theirs = await call<Page<AuthCodeRow>>(ctx, w.otherToken, 'GET', `${CODES}/page`);
    expect(theirs.data.total).toBe(0);
    expect((await call(ctx, w.otherToken, 'POST', `${CODES}/enable`, { id: g.id, enabled: false })).code).toBe(30001);
    expect((await generate({ validMinutes: 5, shedIds: [w.otherShed] })).code).toBe(30004);
  });

  it('locks remote actions after repeated wrong codes, even with the right code, until the lock ends', async () => {
    const { db } = ctx.database;
    const id = await buildAccount(db, { tenantId: w.tenant, accountCode: 'ct-guesser', accountType: AccountType.TENANT_ADMIN });
    await ctx.database.query('UPDATE accounts SET secure_hash = (SELECT secure_hash FROM accounts WHERE account_code = $1) WHERE id = $2', [
      'ct-codes-admin',
      id,
    ]);
    const token = await tokenFor(db, 'ct-guesser');
    for (let i = 0; i < CONTROL_CODE_LOCK.maxFailures; i++)
      expect((await applyWith({ codeKind: 'security', code: await encrypt(ctx, `wrong${i}`) }, token)).code).toBe(20058);
    expect((await applyWith({ codeKind: 'security', code: await securityCode(ctx) }, token)).code).toBe(20054);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, 'ABCDEFGH') }, token)).code).toBe(20054);
    // Another account is not locked by it.
    expect((await applyWith({ codeKind: 'security', code: await securityCode(ctx) })).code).toBe(1);
    await ctx.database.query(`UPDATE control_code_failures SET locked_until = now() - interval '1 second' WHERE account_id = $1`, [id]);
    expect((await applyWith({ codeKind: 'security', code: await securityCode(ctx) }, token)).code).toBe(1);
    const audit = await ctx.database.query<{ detail: unknown; code: number }>(
      `SELECT detail, code FROM audit_log WHERE account_id = $1 AND outcome = 'denied'`,
      [id],
    );
    expect(audit.map((a) => a.code)).toContain(20054);
    expect(JSON.stringify(audit)).not.toContain(SAFE_CODE);
  });

  it('answers an unreadable code 20055, an unknown code 20058 and a missing security code 21012', async () => {
    expect((await applyWith({ codeKind: 'security', code: SAFE_CODE })).code).toBe(20055);
    expect((await applyWith({ codeKind: 'authorization', code: 'bm90IGNpcGhlcg==' })).code).toBe(20055);
    expect((await applyWith({ codeKind: 'authorization', code: await encrypt(ctx, 'ZZZZZZZZ') })).code).toBe(20058);
    const { db } = ctx.database;
    const noCode = await adminToken(db, w.tenant, 'ct-nocode');
    expect((await applyWith({ codeKind: 'security', code: await securityCode(ctx) }, noCode)).code).toBe(21012);
  });

  it('refuses every invalid setting and request with 99996, and accounts without the page with 10009', async () => {
    const code = await securityCode(ctx);
    const p = curve(24);
    const bad: unknown[] = [
      {},
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: p },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: p, codeKind: 'both', code },
      { group: 'heater', shedIds: [w.sheds[0]], payload: p, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [], payload: p, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [w.sheds[0], w.sheds[0]], payload: p, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: ['1'], payload: p, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: p, codeKind: 'security', code, extra: 1 },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { ...p, points: [] }, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { ...p, points: [p.points[1], p.points[0]] }, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { ...p, points: [p.points[0], p.points[0]] }, codeKind: 'security', code },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: Array.from({ length: 11 }, (_, i) => ({ ...p.points[0]!, day: i })) },
        codeKind: 'security',
        code,
      },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { ...p, points: [{ ...p.points[0]!, day: -8 }] }, codeKind: 'security', code },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: [{ ...p.points[0]!, day: 1000 }] },
        codeKind: 'security',
        code,
      },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: [{ ...p.points[0]!, day: 1.5 }] },
        codeKind: 'security',
        code,
      },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: [{ ...p.points[0]!, target: '24' }] },
        codeKind: 'security',
        code,
      },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: [{ ...p.points[0]!, heatOffset: -1 }] },
        codeKind: 'security',
        code,
      },
      {
        group: 'tempDayAge',
        shedIds: [w.sheds[0]],
        payload: { ...p, points: [{ ...p.points[0]!, target: 60 }] },
        codeKind: 'security',
        code,
      },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { ...p, rhTarget: 100 }, codeKind: 'security', code },
      { group: 'tempDayAge', shedIds: [w.sheds[0]], payload: { points: p.points }, codeKind: 'security', code },
    ];
    for (const body of bad)
      expect([JSON.stringify(body).slice(0, 120), (await call(ctx, w.token, 'POST', APPLY, body)).code]).toEqual([
        JSON.stringify(body).slice(0, 120),
        99996,
      ]);
    const badGen: unknown[] = [
      { validMinutes: 0, shedIds: [w.sheds[0]] },
      { validMinutes: 10_081, shedIds: [w.sheds[0]] },
      { validMinutes: 1.5, shedIds: [w.sheds[0]] },
      { validMinutes: 10, shedIds: [] },
      { validMinutes: 10, shedIds: [w.sheds[0]], actions: [] },
      { validMinutes: 10, shedIds: [w.sheds[0]], actions: ['nothing'] },
    ];
    for (const body of badGen) expect((await generate(body as Record<string, unknown>)).code).toBe(99996);
    expect((await call(ctx, w.token, 'POST', `${CODES}/enable`, { id: 1 })).code).toBe(99996);
    expect((await call(ctx, w.token, 'GET', `/api/remotecontrol/setting/state?shedId=x&group=tempDayAge`)).code).toBe(99996);
    expect((await call(ctx, w.token, 'GET', `/api/remotecontrol/setting/state?shedId=1&group=nope`)).code).toBe(99996);
    // A worker holding only the option log may read it but not save settings or manage codes.
    const { db } = ctx.database;
    const role = await buildRole(db, w.tenant, 'Log readers', [{ code: 'remote-control.option-logs', ops: ['view'] }]);
    await buildAccount(db, { tenantId: w.tenant, accountCode: 'ct-reader', farmIds: [w.farm], roleIds: [role] });
    const reader = await tokenFor(db, 'ct-reader');
    expect((await call(ctx, reader, 'GET', LOGS)).code).toBe(1);
    expect((await applyWith({ codeKind: 'security', code }, reader)).code).toBe(10009);
    expect((await call(ctx, reader, 'GET', `${CODES}/page`)).code).toBe(10009);
  });
});
