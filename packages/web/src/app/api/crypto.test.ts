// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encryptText } from './crypto';
import { sha256 } from './rsaOaep';

function toPem(spki: ArrayBuffer): string {
  const b64 = btoa(String.fromCharCode(...new Uint8Array(spki)));
  return `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

async function keyPair(bits: number): Promise<{ pem: string; decrypt: (b64: string) => Promise<string> }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return {
    pem: toPem(await crypto.subtle.exportKey('spki', pair.publicKey)),
    decrypt: async (b64) =>
      new TextDecoder().decode(
        await crypto.subtle.decrypt(
          { name: 'RSA-OAEP' },
          pair.privateKey,
          Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
        ),
      ),
  };
}

describe('password encryption', () => {
  it('is RSA-OAEP SHA-256 over the trimmed text, base64 encoded (WebCrypto)', async () => {
    const key = await keyPair(2048);
    const cipher = await encryptText('  Demo@12345 \n', key.pem);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await key.decrypt(cipher)).toBe('Demo@12345');
  });

  it('gives the same result without WebCrypto (plain-http LAN address)', async () => {
    for (const bits of [2048, 3072]) {
      const key = await keyPair(bits);
      for (const text of ['Demo@12345', ' 安全码 123 ', 'x']) {
        const cipher = await encryptText(text, key.pem, { webCrypto: false });
        expect(atob(cipher).length).toBe(bits / 8);
        expect(await key.decrypt(cipher)).toBe(text.trim());
      }
    }
  });

  it('hashes like SHA-256', async () => {
    for (const len of [0, 3, 55, 56, 63, 64, 65, 200]) {
      const data = Uint8Array.from({ length: len }, (_, i) => (i * 31 + 7) & 0xff);
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
      expect([...sha256(data)]).toEqual([...expected]);
    }
  });
});
