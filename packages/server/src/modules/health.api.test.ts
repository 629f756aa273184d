import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';

describe(`health and envelope (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('answers health with code 1', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: { status: 'ok', db: TEST_DB } });
  });

  it('gives unknown API routes a coded 404 in the request language', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en-us' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(21008);
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
