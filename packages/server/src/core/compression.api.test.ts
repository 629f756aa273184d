import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';

/** JSON answers over 1 KB are compressed as the client accepts (app.ts); small ones are not worth it. */
describe(`compressed answers (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = await tokenFor(ctx.database.db, 'demo');
  });
  afterAll(async () => ctx?.close());

  // The menu tree every console loads after sign-in: several KB of JSON for the demo administrator.
  const menuTree = (encoding: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/breedpigbuilding/applicationInfo/roleApplicationTree',
      payload: {},
      headers: { token, 'accept-encoding': encoding },
    });

  it('sends a large answer brotli-compressed when accepted, else gzip, else plain', async () => {
    const plain = await menuTree('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json();
    expect(body.code).toBe(1);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await menuTree('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(body);
    const gz = await menuTree('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(body);
  });

  it('leaves small answers as they are, and answers HEAD wherever GET is', async () => {
    const health = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ code: 1 });
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
