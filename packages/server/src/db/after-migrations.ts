import { hashCheckCode } from '../lib/check-codes.js';

/** The raw-SQL side of a Database (client.ts), all this step needs. */
export interface RawQuery {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Start-up step: hashes the check codes a database still holds in plain text (stored before codes
 * were hashed). Each row is replaced only if it still holds the text that was read, so two
 * processes starting together do not overwrite each other. Returns how many were hashed.
 */
export async function hashStoredCheckCodes(database: RawQuery): Promise<number> {
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
