/**
 * RSA-OAEP (SHA-256, MGF1-SHA-256, empty label) in plain TypeScript, for browsers without
 * WebCrypto. `crypto.subtle` only exists in secure contexts (https or localhost), and a farm
 * console is often opened as http://<server-ip>:8080 on the farm LAN; without this the sign-in
 * could not encrypt the password at all. Randomness still comes from crypto.getRandomValues, which
 * browsers offer in every context. Follows RFC 8017 §7.1.1 and FIPS 180-4.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

export function sha256(data: Uint8Array): Uint8Array {
  const bitLen = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 2 ** 32));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) >>> 0));
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => outView.setUint32(i * 4, v));
  return out;
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const block = new Uint8Array(seed.length + 4);
  block.set(seed);
  for (let counter = 0, pos = 0; pos < length; counter++, pos += 32) {
    new DataView(block.buffer).setUint32(seed.length, counter);
    out.set(sha256(block).subarray(0, Math.min(32, length - pos)), pos);
  }
  return out;
}

/** Minimal DER reader: tag, then the content of one element. */
function readElement(der: Uint8Array, pos: number): { tag: number; start: number; end: number } {
  const tag = der[pos]!;
  let len = der[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const count = len & 0x7f;
    len = 0;
    for (let i = 0; i < count; i++) len = len * 256 + der[start + i]!;
    start += count;
  }
  return { tag, start, end: start + len };
}

function toBigInt(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

/** n and e of a SubjectPublicKeyInfo: SEQUENCE { SEQUENCE alg, BIT STRING { SEQUENCE { n, e } } }. */
export function parseSpki(der: Uint8Array): { n: bigint; e: bigint } {
  const outer = readElement(der, 0);
  const alg = readElement(der, outer.start);
  const bits = readElement(der, alg.end);
  if (bits.tag !== 0x03) throw new Error('not an SPKI public key');
  const rsa = readElement(der, bits.start + 1);
  const n = readElement(der, rsa.start);
  const e = readElement(der, n.end);
  return { n: toBigInt(der.subarray(n.start, n.end)), e: toBigInt(der.subarray(e.start, e.end)) };
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  for (let x = exp; x > 0n; x >>= 1n) {
    if (x & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
  }
  return result;
}

export function rsaOaepEncrypt(spkiDer: Uint8Array, message: Uint8Array): Uint8Array {
  const { n, e } = parseSpki(spkiDer);
  const k = Math.ceil(n.toString(16).length / 2);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('message too long');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = crypto.getRandomValues(new Uint8Array(hLen));
  const dbMask = mgf1(seed, db.length);
  const maskedDb = db.map((v, i) => v ^ dbMask[i]!);
  const seedMask = mgf1(maskedDb, hLen);
  const em = new Uint8Array(k);
  em.set(
    seed.map((v, i) => v ^ seedMask[i]!),
    1,
  );
  em.set(maskedDb, 1 + hLen);
  const c = modPow(toBigInt(em), e, n)
    .toString(16)
    .padStart(k * 2, '0');
  return Uint8Array.from(c.match(/../g)!, (hex) => parseInt(hex, 16));
}
