import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { serverKeys } from '../../../db/tables.js';

/**
 * One-time acknowledge tokens. A message's token is 32 bytes of HMAC-SHA256 under a secret every
 * process shares (a row of server_keys), over the message id: every attempt of a message carries
 * the same link, so a provider that drops a repeated attempt leaves the recipient a link that
 * works. Only the token's SHA-256 is stored (push_ack_tokens), with its expiry and its use.
 */
const SECRET_ID = 'push-ack';
export const ACK_TOKEN_HOURS = 48;
/** base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function pushSecret(tx: Tx): Promise<Buffer> {
  const [found] = await tx.select().from(serverKeys).where(eq(serverKeys.id, SECRET_ID));
  if (found) return Buffer.from(found.privatePem, 'hex');
  await tx
    .insert(serverKeys)
    .values({ id: SECRET_ID, privatePem: randomBytes(32).toString('hex'), publicPem: '' })
    .onConflictDoNothing();
  const [stored] = await tx.select().from(serverKeys).where(eq(serverKeys.id, SECRET_ID));
  return Buffer.from(stored!.privatePem, 'hex');
}

export function ackToken(secret: Buffer, messageId: number): string {
  return createHmac('sha256', secret).update(`ack:${messageId}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function ackUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/warning/push/ack/${token}`;
}

/** The keypress callback of a call: the call's own token (the message's), posted by the provider. */
export function voiceCallbackUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/warning/push/voice/${token}`;
}
