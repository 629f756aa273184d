import { rsaOaepEncrypt } from './rsaOaep';

/**
 * Passwords and safe codes travel as base64 RSA-OAEP (SHA-256) ciphertext over the trimmed text,
 * with the server's PEM public key (CONTRACT §3).
 */
function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
}

function toBase64(buf: ArrayBuffer | Uint8Array): string {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export async function encryptText(plain: string, publicKeyPem: string, opts: { webCrypto?: boolean } = {}): Promise<string> {
  const der = pemToDer(publicKeyPem);
  const message = new TextEncoder().encode(plain.trim());
  const subtle = opts.webCrypto === false ? undefined : globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https or localhost); on a plain-http LAN address
  // the same encryption runs in script instead.
  if (!subtle) return toBase64(rsaOaepEncrypt(der, message));
  const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, message));
}
