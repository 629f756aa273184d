import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns.js';

/**
 * Sign-in failures per name tried, existing or not, so that an unknown name answers exactly as a
 * known one. Two kinds of row per name: `ip` = the client address (the lock: a stranger's guesses
 * lock the stranger's address out, not the owner at theirs), and `ip` = '' (every address
 * together: above a higher count the name needs the captcha). Expired rows are swept.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    firstFailedAt: ts('first_failed_at'),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);
