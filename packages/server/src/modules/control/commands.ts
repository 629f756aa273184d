import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { COMMAND_EXPIRY_SECONDS } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import { controlCommands, controlOptionLogs } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { Scope } from '../../scope/index.js';
import { expireJob } from './delivery.js';
import type { Confirmation } from './verify.js';

type LogAction = (typeof controlOptionLogs.$inferInsert)['action'];

/** A command's option-log entry: its action, how it was confirmed (code kind, authorization code) and by whom. */
export type OptionLogEntry = NonNullable<CommandWrite['log']>;

/** The option-log entry of a command `scope`'s account confirmed with a code (`confirmAction`). */
export function confirmedLog(
  action: LogAction,
  confirmation: Confirmation,
  scope: Pick<Scope, 'id' | 'accountName'>,
  more: Pick<OptionLogEntry, 'confirmedOffComfort'> = {},
): OptionLogEntry {
  return {
    action,
    codeKind: confirmation.kind,
    authCodeId: confirmation.authCodeId,
    ...more,
    accountId: scope.id,
    accountName: scope.accountName,
  };
}

export interface CommandWrite {
  shed: { id: number; tenantId: number; farmId: number };
  gatewayId: number;
  group: string;
  op: string;
  payload: unknown;
  /**
   * Which earlier commands of the group this one follows (its "from") and supersedes when still
   * pending: the whole group (a setting group), or one device of it (`payload->>'key'`).
   */
  target?: SQL;
  /**
   * The option-log entry (a setting someone confirmed with a code, or a feeding re-dispatch);
   * none for plan dispatches (feeding), audited by their module.
   */
  log?: {
    action: LogAction;
    codeKind: string;
    authCodeId: number | null;
    accountId: number | null;
    accountName: string | null;
    confirmedOffComfort?: boolean;
  };
  /** Seconds until it expires when nobody answers (default COMMAND_EXPIRY_SECONDS). */
  expirySeconds?: number;
}

/**
 * One new command version of a house and group, inside `tx`: the next version number of the
 * group, the target's older pending commands expired, the command row, its option-log entry
 * (from the target's previous payload) and its expiry job. Sending is the caller's, after commit.
 */
export async function writeCommand(tx: Tx, deps: Deps, w: CommandWrite): Promise<{ id: string; version: number; from: unknown }> {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + (w.expirySeconds ?? COMMAND_EXPIRY_SECONDS) * 1000);
  const inGroup = and(eq(controlCommands.shedId, w.shed.id), eq(controlCommands.grp, w.group));
  const target = w.target ? and(inGroup, w.target) : inGroup;
  // One look-up: the group's newest version (the next number follows it) and the target's newest
  // payload (the same row for a whole group; a device's own newest row as a sub-select).
  const newest = (where: SQL | undefined) =>
    tx.select({ payload: controlCommands.payload }).from(controlCommands).where(where).orderBy(desc(controlCommands.version)).limit(1);
  const [top] = await tx
    .select({
      version: controlCommands.version,
      from: w.target ? sql<unknown>`(${newest(target)})`.mapWith(controlCommands.payload) : controlCommands.payload,
    })
    .from(controlCommands)
    .where(inGroup)
    .orderBy(desc(controlCommands.version))
    .limit(1);
  const version = (top?.version ?? 0) + 1;
  const from: unknown = top?.from ?? null;
  await tx
    .update(controlCommands)
    .set({ status: 'expired' })
    .where(and(target, eq(controlCommands.status, 'pending')));
  await tx.insert(controlCommands).values({
    id,
    tenantId: w.shed.tenantId,
    farmId: w.shed.farmId,
    shedId: w.shed.id,
    gatewayId: w.gatewayId,
    grp: w.group,
    version,
    op: w.op,
    payload: w.payload,
    expiresAt,
    createdBy: w.log?.accountId ?? null,
  });
  if (w.log)
    await tx.insert(controlOptionLogs).values({
      tenantId: w.shed.tenantId,
      farmId: w.shed.farmId,
      shedId: w.shed.id,
      grp: w.group,
      action: w.log.action,
      version,
      fromValue: from,
      toValue: w.payload,
      codeKind: w.log.codeKind,
      authCodeId: w.log.authCodeId,
      ...(w.log.confirmedOffComfort !== undefined ? { confirmedOffComfort: w.log.confirmedOffComfort } : {}),
      commandId: id,
      accountId: w.log.accountId,
      accountName: w.log.accountName,
    });
  await deps.jobs.enqueue(expireJob, { id }, { runAt: expiresAt, key: `expire-${id}`, tx });
  return { id, version, from };
}

/** Another write in the same house and group took this version number (unique index): take the next one. */
export async function withVersionRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 2 || uniqueViolation(err) !== 'control_commands_version_uq') throw err;
    }
  }
}
