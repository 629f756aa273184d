/**
 * Passwords and safe codes travel as base64 RSA-OAEP (SHA-256) ciphertext over the trimmed text,
 * with the server's PEM public key (CONTRACT §3).
 */
function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(body);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export async function encryptText(plain: string, publicKeyPem: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https or localhost).
  if (!subtle) throw new Error('insecure-context');
  const key = await subtle.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain.trim()));
  return toBase64(cipher);
}
