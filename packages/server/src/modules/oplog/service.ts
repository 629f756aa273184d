import { and, asc, desc, eq, gte, isNotNull, isNull, lte, ne, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  QUERY_RANGE_MAX_DAYS,
  VISIT_MODULE,
  type AuditOutcome,
  type OperationLogPageBody,
  type OperationLogRow,
  type Page,
  DAY_MS,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, auditLog } from '../../db/tables.js';
import type { AuthContext } from '../../plugins/auth.js';
import { paramError } from '../../lib/param-error.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Reading the audit log. A tenant's accounts see their tenant's entries and nothing else; the
 * platform account sees the platform's own entries (no tenant), or one tenant's when it names it.
 * There is no write here at all: entries are appended by the audit plugin and never changed.
 */

/** The tenant condition for the caller; a tenant account naming another tenant is refused (10009). */
function scopeOf(auth: AuthContext, tenantId: number | undefined): SQL {
  if (auth.tenantId === null) return tenantId === undefined ? isNull(auditLog.tenantId) : eq(auditLog.tenantId, tenantId);
  if (tenantId !== undefined && tenantId !== auth.tenantId) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
  return eq(auditLog.tenantId, auth.tenantId);
}

/** The query window: end defaults to now, start to 30 days before the end; at most 30 days. */
export function timeRange(start: Date | undefined, end: Date | undefined, now: Date = new Date()): { start: Date; end: Date } {
  const e = end ?? now;
  const s = start ?? new Date(e.getTime() - QUERY_RANGE_MAX_DAYS * DAY_MS);
  refuseEndBeforeStart(s, e, { emptyAllowed: true });
  if (e.getTime() - s.getTime() > QUERY_RANGE_MAX_DAYS * DAY_MS) throw paramError('endTime', 'validation.rangeMaxDays');
  return { start: s, end: e };
}

export async function operationLogPage(db: Db, auth: AuthContext, q: OperationLogPageBody): Promise<Page<OperationLogRow>> {
  const { start, end } = timeRange(q.startTime, q.endTime);
  const conds: SQL[] = [scopeOf(auth, q.tenantId), gte(auditLog.at, start), lte(auditLog.at, end)];
  if (q.accountId !== undefined) conds.push(eq(auditLog.accountId, q.accountId));
  if (q.accountCode !== undefined) conds.push(eq(auditLog.accountCode, q.accountCode.toLowerCase()));
  if (q.module !== undefined) conds.push(eq(auditLog.module, q.module));
  else if (!q.visits) conds.push(ne(auditLog.module, VISIT_MODULE));
  if (q.outcome !== undefined) conds.push(eq(auditLog.outcome, q.outcome));
  const { total, rows } = await readPage(db, auditLog, and(...conds), q, (where) =>
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        tenantId: auditLog.tenantId,
        accountId: auditLog.accountId,
        accountCode: auditLog.accountCode,
        accountName: accounts.accountName,
        ip: auditLog.ip,
        method: auditLog.method,
        action: auditLog.action,
        module: auditLog.module,
        outcome: auditLog.outcome,
        code: auditLog.code,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .$dynamic(),
  );
  const list = rows.map((r): OperationLogRow => ({
    ...r,
    at: r.at.toISOString(),
    accountName: r.accountName ?? null,
    outcome: r.outcome as AuditOutcome,
  }));
  return pageAnswer(q, total, list);
}

/** The module names present in the caller's log, for the filter. */
export async function operationLogModules(db: Db, auth: AuthContext, tenantId: number | undefined): Promise<string[]> {
  const rows = await db
    .selectDistinct({ module: auditLog.module })
    .from(auditLog)
    .where(and(scopeOf(auth, tenantId), isNotNull(auditLog.module)))
    .orderBy(asc(auditLog.module));
  return rows.flatMap((r) => (r.module ? [r.module] : []));
}
