import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AccountType, APP_CATALOGUE, flattenApps, type AppCode } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { telemetryStreamTickets } from '../../db/tables.js';
import { loadAccess } from '../../lib/access.js';
import { liveSession } from '../../lib/sessions.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * Every screen that shows environment values (shed overviews, big screen, environment trends
 * and records, pig environment pages, environment reports, device status pages): holding any one
 * of them opens the live stream and the latest values. Defined once, from the catalogue.
 */
const ENV_PREFIXES = [
  'ci18.overview',
  'ci18.env',
  'ci18.envrecords',
  'pig.overview.shed',
  'pig.env1',
  'pig.databoard',
  'reports.env-trends',
  'reports.device-commu-off',
  'reports.device-run-stats',
  'device-running-status',
  'device-connect',
  'device-mng',
  'group.overview',
  'd3.overview',
];
export const ENV_VIEW_APPS: AppCode[] = flattenApps(APP_CATALOGUE)
  .map((n) => n.code)
  .filter((c) => ENV_PREFIXES.some((p) => c === p || c.startsWith(`${p}.`)));

const TICKET_TTL_MS = 60_000;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Issues a one-time ticket that stands for the caller's session for 60 s. */
export async function issueTicket(db: Db, tokenHash: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await db.delete(telemetryStreamTickets).where(lt(telemetryStreamTickets.expiresAt, new Date()));
  await db.insert(telemetryStreamTickets).values({
    ticketHash: sha256(ticket),
    tokenHash,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/** Consumes a ticket (deleted on first use) and returns its session's token hash, or null. */
export async function redeemTicket(db: Db, ticket: string): Promise<string | null> {
  if (ticket.length > 100) return null;
  const rows = await db
    .delete(telemetryStreamTickets)
    .where(and(eq(telemetryStreamTickets.ticketHash, sha256(ticket)), sql`${telemetryStreamTickets.expiresAt} > now()`))
    .returning({ tokenHash: telemetryStreamTickets.tokenHash });
  return rows[0]?.tokenHash ?? null;
}

/**
 * The signed-in account behind a session's token hash (ticket redemption, and the stream's
 * periodic re-check so a revoked or expired session stops receiving values). Does not extend
 * the session: an open page alone does not keep an idle session alive.
 */
export async function authBySessionHash(db: Db, tokenHash: string): Promise<AuthContext | null> {
  const account = await liveSession(db, tokenHash, { touch: false });
  if (!account || account.status !== 1) return null;
  return { ...account, ...(await loadAccess(db, account)) };
}

/** Platform operators and tenant administrators may read the ingest counters. */
export function isAdmin(auth: AuthContext): boolean {
  return auth.accountType === AccountType.PLATFORM || auth.accountType === AccountType.TENANT_ADMIN;
}
