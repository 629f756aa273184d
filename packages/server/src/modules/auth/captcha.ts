import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, lt, and, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { AppError, CAPTCHA_TTL_SECONDS, ErrorCodes, type CaptchaInfo } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/tables.js';

/**
 * Verification codes for sign-in. Only the hash of the answer is stored, in the database, so any
 * API process can check a code another one drew. A code is good for one check, right or wrong.
 */

/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L; answers are case-insensitive. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
/** Expired rows are swept at most this often per app instance, on the way through getCaptcha. */
const PURGE_EVERY_MS = 60_000;

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return out;
}

export function hashCaptchaAnswer(answer: string): string {
  return createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');
}

/** Compares a typed answer with a stored hash in constant time. */
export function captchaMatches(storedHash: string, answer: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashCaptchaAnswer(answer), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// svg-captcha's default export draws a given text; its typings only declare the random helpers.
const draw = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export function captchaImage(text: string): string {
  const svg = draw(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: true, background: '#f3f6fa' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export interface CaptchaStore {
  issue(): Promise<CaptchaInfo>;
  /** Consumes the code: 21006 when unknown, used or expired, 20007 when wrong. */
  check(captchaId: string, answer: string): Promise<void>;
}

export function captchaStore(db: Db, opts: { testCode?: string; now?: () => number } = {}): CaptchaStore {
  const now = opts.now ?? Date.now;
  let lastPurge = 0;
  const purge = async (): Promise<void> => {
    if (now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now();
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now())));
  };
  return {
    async issue() {
      await purge();
      const text = opts.testCode ?? randomCaptchaText();
      const captchaId = randomUUID();
      await db.insert(captchas).values({
        id: captchaId,
        codeHash: hashCaptchaAnswer(text),
        expiresAt: new Date(now() + CAPTCHA_TTL_SECONDS * 1000),
      });
      return { captchaId, image: captchaImage(text), expiresIn: CAPTCHA_TTL_SECONDS };
    },
    async check(captchaId, answer) {
      // Marking it used in the same statement that reads it makes a code single-use across processes.
      const [row] = await db
        .update(captchas)
        .set({ usedAt: new Date(now()) })
        .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt)))
        .returning({ codeHash: captchas.codeHash, expiresAt: captchas.expiresAt });
      if (!row || row.expiresAt.getTime() <= now()) throw new AppError(ErrorCodes.CAPTCHA_EXPIRED);
      if (!captchaMatches(row.codeHash, answer)) throw new AppError(ErrorCodes.CAPTCHA_WRONG);
    },
  };
}
