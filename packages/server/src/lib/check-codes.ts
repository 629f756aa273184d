import { randomInt } from 'node:crypto';
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
