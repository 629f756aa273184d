import { constants, publicEncrypt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from './harness.js';

/**
 * Sign-in helpers for API tests: encrypt a secret the way the web does (RSA-OAEP SHA-256 with
 * the key of getConfig), sign in with doLogin (the harness runs with CAPTCHA=off), and call
 * routes with the session token.
 */
const publicKeys = new WeakMap<TestContext, string>();

async function publicKey(ctx: TestContext): Promise<string> {
  const known = publicKeys.get(ctx);
  if (known) return known;
  const res = await ctx.app.inject({ method: 'GET', url: '/api/getConfig' });
  const key = (res.json() as { data: { publicKey: string } }).data.publicKey;
  publicKeys.set(ctx, key);
  return key;
}

/** base64 RSA-OAEP (SHA-256) ciphertext of the trimmed text, as the browser sends it. */
export async function encrypt(ctx: TestContext, plain: string): Promise<string> {
  const key = await publicKey(ctx);
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain.trim(), 'utf8')).toString(
    'base64',
  );
}

/** Signs in and returns the session token; throws with the answer's code when refused. */
export async function loginAs(ctx: TestContext, username: string, password = 'Demo@12345'): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/breedpigaccount/login/doLogin',
    payload: { username, password: await encrypt(ctx, password) },
  });
  const body = res.json() as { code: number; data: { token?: string } | null };
  if (body.code !== 1 || !body.data?.token) throw new Error(`login as ${username} failed with code ${body.code}`);
  return body.data.token;
}

type Payload = InjectOptions['payload'];
export interface AuthedClient {
  get(url: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
}

/** Calls routes with the token header (and an optional Accept-Language). */
export function authed(ctx: TestContext, token: string, locale?: string): AuthedClient {
  const headers: Record<string, string> = { token, ...(locale ? { 'accept-language': locale } : {}) };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Partial<InjectOptions>): Promise<LightMyRequestResponse> =>
    ctx.app.inject({ method, url, headers, ...extra });
  return {
    get: (url, query) => call('GET', url, query ? { query } : {}),
    post: (url, payload) => call('POST', url, payload === undefined ? {} : { payload }),
    put: (url, payload) => call('PUT', url, payload === undefined ? {} : { payload }),
    delete: (url, payload) => call('DELETE', url, payload === undefined ? {} : { payload }),
  };
}
