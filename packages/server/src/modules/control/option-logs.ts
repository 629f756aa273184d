import { and, desc, eq, type SQL } from 'drizzle-orm';
import { CODE_KINDS, OPTION_ACTIONS, OPTION_LOG_GROUPS, type OptionLogPageQuery, type OptionLogRow, type Page } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { controlCommands, controlOptionLogs, farms, sheds } from '../../db/tables.js';
import { shedCondition, tenantIdOf, visibleShed, type Scope } from '../../scope/index.js';
import { statusOf } from './settings.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

/**
 * The option log (/remote-control/option-logs, /safe-oplog/records): every version a person made,
 * from which value to which, how it was confirmed (security or authorization code, never the
 * code) and what the device answered (the version's command), newest first, in the houses the
 * account sees.
 */
export async function optionLogPage(db: Db, scope: Scope, q: OptionLogPageQuery): Promise<Page<OptionLogRow>> {
  const conds: (SQL | undefined)[] = [
    eq(controlOptionLogs.tenantId, tenantIdOf(scope)),
    shedCondition(scope, controlOptionLogs.farmId, controlOptionLogs.shedId),
  ];
  if (q.shedId !== undefined) conds.push(eq(controlOptionLogs.shedId, (await visibleShed(scope, q.shedId)).id));
  if (q.group !== undefined) conds.push(eq(controlOptionLogs.grp, q.group));
  if (q.authCodeId !== undefined) conds.push(eq(controlOptionLogs.authCodeId, q.authCodeId));
  const { total, rows } = await readPage(db, controlOptionLogs, and(...conds), q, (where) =>
    db
      .select({ l: controlOptionLogs, farmName: farms.farmName, shedName: sheds.shedName, c: controlCommands })
      .from(controlOptionLogs)
      .leftJoin(farms, eq(farms.id, controlOptionLogs.farmId))
      .leftJoin(sheds, eq(sheds.id, controlOptionLogs.shedId))
      .leftJoin(controlCommands, eq(controlCommands.id, controlOptionLogs.commandId))
      .where(where)
      .orderBy(desc(controlOptionLogs.createdAt), desc(controlOptionLogs.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map(({ l, farmName, shedName, c }) => ({
      id: l.id,
      farmId: l.farmId,
      farmName: farmName ?? null,
      shedId: l.shedId,
      shedName: shedName ?? null,
      group: OPTION_LOG_GROUPS.find((g) => g === l.grp) ?? OPTION_LOG_GROUPS[0],
      action: OPTION_ACTIONS.find((a) => a === l.action) ?? 'apply',
      fromValue: l.fromValue,
      toValue: l.toValue,
      version: l.version,
      codeKind: CODE_KINDS.find((k) => k === l.codeKind) ?? 'security',
      authCodeId: l.authCodeId,
      confirmedOffComfort: l.confirmedOffComfort,
      accountId: l.accountId,
      accountName: l.accountName,
      // The command is gone with its gateway: what the device answered is no longer known.
      status: c ? statusOf(c.status) : 'expired',
      ackMsg: c?.ackMsg ?? null,
      ackedAt: c?.ackedAt ? c.ackedAt.getTime() : null,
      createdAt: l.createdAt.getTime(),
    })),
  );
}
