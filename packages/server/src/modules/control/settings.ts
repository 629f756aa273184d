import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import {
  COMMAND_STATUSES,
  offComfortDays,
  tempDayAgePayload,
  ErrorCodes,
  SETTING_OPS,
  type ApplyAnswer,
  type ApplyResultRow,
  type CommandStatus,
  type OptionAction,
  type SettingGroup,
  type SettingStateAnswer,
  type SettingStateQuery,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, controlCommands, gateways, gatewayStatus } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { refusal, visibleShed, visibleSheds, type Scope, type ShedRow } from '../../scope/index.js';
import { shedComfort, shedComforts, type ShedComfort } from './comfort.js';
import { confirmedLog, writeCommand, withVersionRetry } from './commands.js';
import { publishRow } from './delivery.js';
import { audit } from '../../plugins/audit-note.js';
import { mapLimit } from '../../lib/map-limit.js';
import type { Confirmation } from './verify.js';

/** The climate controller gateway type (enums.gatewayType.101): the device that takes the settings. */
export const CONTROLLER_TYPE = 101;

export interface Controller {
  id: number;
  code: string;
  /** Online when read (gateway_status; never connected = offline). */
  online: boolean;
}

/** Each house's enabled climate controller (the oldest when several) with its online state, in one query. */
export async function shedControllers(db: Db, shedIds: readonly number[]): Promise<Map<number, Controller>> {
  if (shedIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([gateways.shedId], { shedId: gateways.shedId, id: gateways.id, code: gateways.code, online: gatewayStatus.online })
    .from(gateways)
    .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
    .where(and(inArray(gateways.shedId, [...new Set(shedIds)]), eq(gateways.gatewayType, CONTROLLER_TYPE), eq(gateways.enabled, true)))
    .orderBy(asc(gateways.shedId), asc(gateways.id));
  return new Map(rows.map((r) => [r.shedId!, { id: r.id, code: r.code, online: r.online === true }]));
}

/** One house's controller with its online state (the same single query as a batch's), or null. */
export async function shedController(db: Db, shedId: number): Promise<Controller | null> {
  return (await shedControllers(db, [shedId])).get(shedId) ?? null;
}

export interface NewVersion {
  group: SettingGroup;
  payload: Record<string, unknown>;
  action: OptionAction;
  confirmation: Confirmation;
  confirmedOffComfort: boolean;
}

/** What a batch reads once for all its houses: controllers with their online state, comfort references. */
interface BatchReads {
  controllers: Map<number, Controller>;
  /** Only for a day-age curve not yet confirmed off the comfort curve. */
  comforts: Map<number, ShedComfort> | null;
}

/**
 * One house's new version: supersedes (expires) its older pending versions, writes the command
 * row, the option log entry and the expiry job in one transaction, then sends the command when
 * the controller was online at the batch's start (one offline then is looked at again after the
 * batch, sendLate). Two saves at once get different versions (the unique index; retried).
 */
async function newVersion(
  deps: Deps,
  scope: Scope,
  shed: ShedRow,
  v: NewVersion,
  reads: BatchReads,
  applied: { from: unknown }[],
): Promise<ApplyResultRow> {
  const { db } = deps.database;
  const base = { shedId: shed.id, shedName: shed.shedName };
  const gw = reads.controllers.get(shed.id);
  if (!gw) return { ...base, code: ErrorCodes.CONTROLLER_NOT_FOUND, version: null, commandId: null, status: null, online: false };
  // Set points far from the breed's comfort curve go out only once the user confirmed them (logged).
  const comfort = reads.comforts?.get(shed.id)?.comfort ?? null;
  if (comfort) {
    const parsed = tempDayAgePayload.safeParse(v.payload);
    if (parsed.success && offComfortDays(parsed.data.points, comfort).length > 0)
      return { ...base, code: ErrorCodes.OFF_COMFORT_UNCONFIRMED, version: null, commandId: null, status: null, online: false };
  }
  const op = SETTING_OPS[v.group];
  const written = await withVersionRetry(() =>
    db.transaction((tx) =>
      writeCommand(tx, deps, {
        shed,
        gatewayId: gw.id,
        group: v.group,
        op,
        payload: v.payload,
        log: confirmedLog(v.action, v.confirmation, scope, { confirmedOffComfort: v.confirmedOffComfort }),
      }),
    ),
  );
  const { id, version, from } = written;
  applied.push({ from });
  if (gw.online) await publishRow(db, deps.iot, { id, op, payload: v.payload, version }, gw.code);
  return { ...base, code: 1, version, commandId: id, status: 'pending', online: gw.online };
}

/**
 * The versions written for controllers that were offline when the batch started: those online
 * now get theirs sent (one that came online before its row committed had nothing to re-send;
 * one coming online from now on gets it from resendPending, the rows being committed).
 */
export async function sendLate(deps: Deps, controllers: Map<number, Controller>, results: ApplyResultRow[], payload: unknown, op: string) {
  const { db } = deps.database;
  const late = results.filter((r) => r.commandId !== null && controllers.get(r.shedId)?.online === false);
  if (late.length === 0) return;
  const now = await shedControllers(
    db,
    late.map((r) => r.shedId),
  );
  for (const r of late) {
    const gw = now.get(r.shedId);
    if (gw?.id !== controllers.get(r.shedId)?.id || !gw?.online) continue;
    await publishRow(db, deps.iot, { id: r.commandId!, op, payload, version: r.version! }, gw.code);
    r.online = true;
  }
}

/** Houses of a batch apply written and sent at once (the pool has 10 connections; acks and ingest keep some). */
export const APPLY_PARALLEL = 6;

/** A (batch) apply: every house must be visible (30004); each then gets its own result. */
export async function applySetting(
  deps: Deps,
  scope: Scope,
  shedIds: readonly number[],
  v: Omit<NewVersion, 'confirmation'>,
  /** Checked after the houses, so a code is never tried against houses the account cannot see. */
  confirm: () => Promise<Confirmation>,
): Promise<ApplyAnswer> {
  const sheds = await visibleSheds(scope, shedIds);
  const confirmation = await confirm();
  // Houses are independent (own version chain, own controller): a batch of 200 writes and sends
  // several at once instead of one after another, answers still in the request's order.
  const { db } = deps.database;
  const ids = sheds.map((s) => s.id);
  const check = v.group === 'tempDayAge' && !v.confirmedOffComfort;
  const [controllers, comforts] = await Promise.all([shedControllers(db, ids), check ? shedComforts(db, sheds) : null]);
  const applied = sheds.map(() => [] as { from: unknown }[]);
  const reads = { controllers, comforts };
  const results = await mapLimit(sheds, APPLY_PARALLEL, (shed, i) =>
    newVersion(deps, scope, shed, { ...v, confirmation }, reads, applied[i]!),
  );
  await sendLate(deps, controllers, results, v.payload, SETTING_OPS[v.group]);
  // The log's note: the houses that took a version, the group from each old value to the new (same old values once).
  const names: string[] = [];
  const changes = new Map<string, ReturnType<typeof audit.changes>[number]>();
  sheds.forEach((shed, i) => {
    const from = applied[i]![0];
    if (!from) return;
    names.push(shed.shedName);
    for (const c of audit.changes({ [v.group]: from.from }, { [v.group]: v.payload })) changes.set(JSON.stringify(c.before), c);
  });
  if (names.length > 0) audit.apply(scope.req, 'setting', names.join(', '), [...changes.values()]);
  return { results };
}

/** The payload of an earlier version of the house's group, else 30001. */
export async function versionPayload(
  db: Db,
  scope: Scope,
  shedId: number,
  group: SettingGroup,
  version: number,
): Promise<Record<string, unknown>> {
  await visibleShed(scope, shedId);
  const [row] = await db
    .select({ payload: controlCommands.payload })
    .from(controlCommands)
    .where(and(eq(controlCommands.shedId, shedId), eq(controlCommands.grp, group), eq(controlCommands.version, version)));
  if (!row) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'settingVersion', shedId, version });
  return row.payload as Record<string, unknown>;
}

/** The row's status (the table's check constraint allows only these). */
export const statusOf = (s: string): CommandStatus => COMMAND_STATUSES.find((x) => x === s) ?? 'failed';

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

export async function settingState(db: Db, scope: Scope, q: SettingStateQuery): Promise<SettingStateAnswer> {
  const shed = await visibleShed(scope, q.shedId);
  const where = and(eq(controlCommands.shedId, q.shedId), eq(controlCommands.grp, q.group));
  // Independent reads of the house, at once: its controller with its online state (one query), comfort, versions.
  const [gw, { dayAge, comfort }, rows, [reported]] = await Promise.all([
    shedController(db, q.shedId),
    shedComfort(db, q.shedId, shed.timeZone),
    db
      .select({ c: controlCommands, createdByName: accounts.accountName })
      .from(controlCommands)
      .leftJoin(accounts, eq(accounts.id, controlCommands.createdBy))
      .where(where)
      .orderBy(desc(controlCommands.version))
      .limit(20),
    db
      .select({ version: max(controlCommands.version) })
      .from(controlCommands)
      .where(and(where, eq(controlCommands.status, 'synced'))),
  ]);
  const reportedVersion = reported?.version ?? null;
  const [reportedRow] =
    reportedVersion === null
      ? []
      : await db
          .select({ payload: controlCommands.payload })
          .from(controlCommands)
          .where(and(where, eq(controlCommands.version, reportedVersion)));
  const newest = rows[0]?.c;
  return {
    shedId: q.shedId,
    group: q.group,
    gatewayId: gw?.id ?? null,
    online: gw?.online ?? false,
    desiredVersion: newest?.version ?? null,
    reportedVersion,
    status: newest ? statusOf(newest.status) : null,
    reported: reportedRow?.payload ?? null,
    dayAge,
    comfort,
    versions: rows.map(({ c, createdByName }) => ({
      version: c.version,
      status: statusOf(c.status),
      payload: c.payload,
      commandId: c.id,
      attempts: c.attempts,
      ackMsg: c.ackMsg,
      ackedAt: ms(c.ackedAt),
      expiresAt: c.expiresAt.getTime(),
      createdAt: c.createdAt.getTime(),
      createdByName: createdByName ?? null,
    })),
  };
}
