import { constants, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { serverKeys } from '../db/tables.js';

/**
 * Password transport (CONTRACT §3): the browser encrypts with the public key of `getConfig`
 * (RSA-OAEP, SHA-256) and only this server can read it. The key pair lives in the database so
 * every API process behind a load balancer decrypts what any of them handed out.
 */
const KEY_ID = 'rsa';
const generate = promisify(generateKeyPair);

export interface TransportKeys {
  publicPem: string;
  privateKey: KeyObject;
}

async function loadOrCreate(db: Db): Promise<TransportKeys> {
  const [found] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
  if (found) return { publicPem: found.publicPem, privateKey: createPrivateKey(found.privatePem) };
  const pair = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // Two processes starting together may both generate: the first insert wins and both read it back.
  await db.insert(serverKeys).values({ id: KEY_ID, privatePem: pair.privateKey, publicPem: pair.publicKey }).onConflictDoNothing();
  const [stored] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
  if (!stored) throw new Error('server key pair could not be stored');
  return { publicPem: stored.publicPem, privateKey: createPrivateKey(stored.privatePem) };
}

/** One lazily loaded key pair per app instance; a failed load is retried on the next call. */
export function transportKeys(db: Db): () => Promise<TransportKeys> {
  let pending: Promise<TransportKeys> | null = null;
  return () => {
    pending ??= loadOrCreate(db).catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

/** Reads one encrypted field; anything that is not our ciphertext is refused with 21015. */
export function decryptField(keys: TransportKeys, cipherText: string): string {
  try {
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    );
    return plain.toString('utf8').trim();
  } catch {
    throw new AppError(ErrorCodes.DECRYPT_FAILED);
  }
}
