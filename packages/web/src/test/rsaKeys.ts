import { beforeAll } from 'vitest';
import type { Answer } from './mockApi';

/** The public key the server would publish (PEM), and the private side to read what was encrypted. */
export interface TestKeys {
  publicPem: string;
  decrypt: (b64: string) => Promise<string>;
}

/**
 * A real RSA-OAEP key pair made before the file's tests, so a test can check what a dialog
 * encrypted with the published key (`publicPem` is filled once the pair exists).
 */
export function rsaKeysBeforeAll(): TestKeys {
  let privateKey: CryptoKey | undefined;
  const keys: TestKeys = {
    publicPem: '',
    decrypt: async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey!, bytes));
    },
  };
  beforeAll(async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    privateKey = pair.privateKey;
    const der = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    keys.publicPem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PUBLIC KEY-----`;
  });
  return keys;
}

/** The console's config route answering the file's public key (what the code and password dialogs encrypt with). */
export function configRoute(keys: TestKeys): Record<string, Answer> {
  return { 'GET /getConfig': { data: { publicKey: keys.publicPem, captcha: false, productVersion: '0.1.0' } } };
}
