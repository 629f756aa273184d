import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { loginAs } from '../test/login.js';
import { HSTS_VALUE } from '../plugins/headers.js';

/**
 * Browser security headers (issue 16, defect 4): a strict Content-Security-Policy on every answer,
 * no framing except the console's own embeddable pages, nosniff, the referrer policy, HSTS only
 * over TLS, and `Cache-Control: no-store` on the API and its live stream.
 */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe(`security headers (${TEST_DB})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('sends a CSP without inline or foreign script, and forbids framing', async () => {
    for (const url of ['/api/health', '/api/getConfig', '/login/tenant', '/api/docs/json', '/api/no/such/route']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect({ url, script: csp.get('script-src') }).toEqual({ url, script: "'self'" });
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets the console frame its own embeddable pages (running status), and no one else', async () => {
    for (const url of ['/device-running-status/controller/iframe?code=fs-demo01', '/weight/mmreports_dialog']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(directives(String(res.headers['content-security-policy'])).get('frame-ancestors')).toBe("'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health?x=/iframe' });
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it('marks API answers no-store', async () => {
    const token = await loginAs(ctx, 'demo');
    for (const [method, url] of [
      ['GET', '/api/breedpigaccount/login/getUserInfo'],
      ['POST', '/api/breedpigaccount/login/doLogout'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { token } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends HSTS only over TLS: behind a trusted proxy saying https', async () => {
    const proxied = await createTestApp({ demo: false, env: { TRUST_PROXY: '1' } });
    onTestFinished(() => proxied.close());
    const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const http = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header of a client is not believed.
    const untrusted = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  }, 180_000);

  it('marks the live stream no-store and keeps the CSP on it', async () => {
    const token = await loginAs(ctx, 'demo');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path: '/api/telemetry/stream', headers: { token } }, (res) => {
        resolve({ status: res.statusCode, ...res.headers });
        req.destroy();
      });
      req.on('error', reject);
    });
    expect(headers.status).toBe(200);
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['cache-control']).toBe('no-store, no-transform');
    expect(directives(String(headers['content-security-policy'])).get('script-src')).toBe("'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
