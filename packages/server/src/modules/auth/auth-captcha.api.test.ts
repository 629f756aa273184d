import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_SECONDS } from '@farmsense/shared';
import { captchas } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { encrypt } from '../../test/login.js';
import { CAPTCHA, LOGIN_CAPTCHA } from './auth.fixtures.js';
import { hashCaptchaAnswer } from './captcha.js';

interface Drawn {
  captchaId: string;
  image: string;
  expiresIn: number;
}

async function draw(ctx: TestContext): Promise<Drawn> {
  const res = await ctx.app.inject({ method: 'GET', url: CAPTCHA });
  const body = res.json();
  expect(body.code).toBe(1);
  return body.data as Drawn;
}

async function login(
  ctx: TestContext,
  captchaId: string,
  captchaCode: string,
  password = 'Demo@12345',
): Promise<{ code: number; data: unknown }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: LOGIN_CAPTCHA,
    payload: { username: 'demo', password: await encrypt(ctx, password), captchaId, captchaCode },
  });
  return res.json();
}

describe(`captcha with a test code (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA: 'on', CAPTCHA_TEST_CODE: 'ABCD' } });
  });
  afterAll(async () => ctx?.close());

  it('draws an SVG whose answer is the test code, case-insensitive, single use', async () => {
    const c = await draw(ctx);
    expect(c.expiresIn).toBe(CAPTCHA_TTL_SECONDS);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg /);
    const ok = await login(ctx, c.captchaId, 'abcd');
    expect(ok.code).toBe(1);
    expect(ok.data).toMatchObject({ accountType: 1, mustChangePassword: false });
    expect((await login(ctx, c.captchaId, 'ABCD')).code).toBe(21006);
  });

  it('spends the code before the password, so a wrong password needs a new code', async () => {
    const c = await draw(ctx);
    expect((await login(ctx, c.captchaId, 'ABCD', 'Wrong1234')).code).toBe(20001);
    expect((await login(ctx, c.captchaId, 'ABCD')).code).toBe(21006);
  });

  it('refuses empty fields with 99996', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN_CAPTCHA,
      payload: { username: 'demo', password: 'x', captchaId: '', captchaCode: ' ' },
    });
    expect(res.json().code).toBe(99996);
    expect(res.json().data.issues).toEqual(
      expect.arrayContaining([
        { field: 'captchaId', key: 'validation.required' },
        { field: 'captchaCode', key: 'validation.required' },
      ]),
    );
  });
});

describe(`captcha with random codes (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA: 'on' } });
  });
  afterAll(async () => ctx?.close());

  it('stores only the hash of a random four-character answer', async () => {
    const c = await draw(ctx);
    const [row] = await ctx.database.db.select().from(captchas).where(eq(captchas.id, c.captchaId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.usedAt).toBeNull();
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan((CAPTCHA_TTL_SECONDS - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_SECONDS * 1000);
  });

  it('answers 20007 for a wrong code, then 21006 when it is used again', async () => {
    const c = await draw(ctx);
    // Digits 0 and 1 are never drawn, so this answer is always wrong.
    expect((await login(ctx, c.captchaId, '0011')).code).toBe(20007);
    const [row] = await ctx.database.db.select().from(captchas).where(eq(captchas.id, c.captchaId));
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect((await login(ctx, c.captchaId, '0011')).code).toBe(21006);
  });

  it('accepts the right answer once, and refuses an expired or unknown code with 21006', async () => {
    const db = ctx.database.db;
    const c = await draw(ctx);
    // The answer is only known to the picture; the test puts in an answer it knows.
    await db
      .update(captchas)
      .set({ codeHash: hashCaptchaAnswer('WXYZ') })
      .where(eq(captchas.id, c.captchaId));
    expect((await login(ctx, c.captchaId, 'wxyz')).code).toBe(1);

    const old = await draw(ctx);
    await db
      .update(captchas)
      .set({ codeHash: hashCaptchaAnswer('WXYZ'), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, old.captchaId));
    expect((await login(ctx, old.captchaId, 'WXYZ')).code).toBe(21006);
    expect((await login(ctx, 'no-such-captcha', 'WXYZ')).code).toBe(21006);
  });

  it('throttles getCaptcha per IP with 21011', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      codes.push((await ctx.app.inject({ method: 'GET', url: CAPTCHA, remoteAddress: '10.98.0.1' })).json().code);
    }
    expect(codes.slice(0, 60).every((c) => c === 1)).toBe(true);
    const limited = await ctx.app.inject({ method: 'GET', url: CAPTCHA, remoteAddress: '10.98.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(21011);
  });
});
