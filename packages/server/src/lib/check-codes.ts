import { randomInt } from 'node:crypto';
import type { Database } from '../db/client.js';
import { hashPassword } from './passwords.js';

/**
 * A gateway's connection check code (its MQTT password, CONTRACT §4) is a secret like a password:
 * stored only as an argon2id hash, shown once, in the answer that set it (adding the gateway or
 * regenerating its code), and never returned by any other call. The embedded broker verifies a
 * CONNECT against the hash (iot/broker.ts).
 */

/** Letters and digits that cannot be mistaken for one another when typed into a device. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 characters of 32: 80 bits. */
const LENGTH = 16;

export function newCheckCode(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Whether a stored check code is already a hash (an argon2 PHC string). */
export function isHashedCheckCode(stored: string): boolean {
  return stored.startsWith('$argon2');
}

export const hashCheckCode = hashPassword;

/**
 * Start-up step: hashes the check codes a database still holds in plain text (stored before codes
 * were hashed). Each row is replaced only if it still holds the text that was read, so two
 * processes starting together do not overwrite each other. Returns how many were hashed.
 */
export async function hashStoredCheckCodes(database: Database): Promise<number> {
  const rows = await database.query<{ id: number; check_code: string }>(
    `SELECT id, check_code FROM gateways WHERE check_code NOT LIKE '$argon2%'`,
  );
  let done = 0;
  for (const r of rows) {
    const stored = await hashCheckCode(r.check_code);
    const updated = await database.query<{ id: number }>(
      `UPDATE gateways SET check_code = $1 WHERE id = $2 AND check_code = $3 RETURNING id`,
      [stored, r.id, r.check_code],
    );
    done += updated.length;
  }
  return done;
}
