import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  FEED_REMOTE_OPS,
  type FeedDeviceKind,
  type FeedRemoteAction,
  type FeedSendAnswer,
  type FeedSendResult,
} from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { controlCommands, gateways, gatewayStatus } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { audit } from '../../plugins/audit-note.js';
import { refusal, tenantIdOf, visibleShed, type Scope } from '../../scope/index.js';
import { confirmedLog, publishRow, withVersionRetry, writeCommand, type Confirmation, type SettledCommand } from '../control/index.js';
import { feedDevices } from './device-tables.js';
import { collector, concentrator } from './feeder-chain.js';

/**
 * Remote actions on feeding devices (shared feeding/remote-endpoints.ts): each named device of
 * the house gets one command of the house's `feedDevice` group, written with the control core's
 * writer (version, option-log entry, expiry job) in one transaction for all of them, then
 * published to the devices whose concentrator is online; the others get theirs when it comes
 * back (control's re-send on reconnect, one chain per device and action, every feed-now its own)
 * until it expires. An acknowledged parameter or serial write becomes the device's stored
 * setting (`remoteSettled`).
 */
export const FEED_DEVICE_GROUP = 'feedDevice';

export interface RemoteTarget {
  id: number;
  name: string;
  deviceNo: string;
  /** A feeder's bus address (its collector's number and its own); null for a concentrator. */
  collectorNo: string | null;
  gatewayId: number;
  gatewayCode: string;
  online: boolean;
}

/** The named devices of a visible house, with their concentrator's gateway; any other id is 203336. */
export async function remoteTargets(db: Db, scope: Scope, shedId: number, kind: FeedDeviceKind, ids: readonly number[]) {
  const shed = await visibleShed(scope, shedId);
  const feeder = kind === 'feeder';
  const rows = await db
    .select({
      id: feedDevices.id,
      name: feedDevices.name,
      deviceNo: feedDevices.deviceNo,
      collectorNo: feeder ? collector.deviceNo : sql<string | null>`null`,
      gatewayId: gateways.id,
      gatewayCode: gateways.code,
      online: gatewayStatus.online,
    })
    .from(feedDevices)
    .leftJoin(collector, eq(collector.id, feedDevices.parentId))
    .innerJoin(concentrator, feeder ? eq(concentrator.id, collector.parentId) : eq(concentrator.id, feedDevices.id))
    .innerJoin(gateways, eq(gateways.id, concentrator.gatewayId))
    .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
    .where(
      and(
        eq(feedDevices.tenantId, tenantIdOf(scope)),
        eq(feedDevices.shedId, shed.id),
        eq(feedDevices.kind, kind),
        inArray(feedDevices.id, [...ids]),
      ),
    )
    .orderBy(asc(feedDevices.id));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw refusal(scope.req, ErrorCodes.FEEDER_NOT_FOUND, { refused: `feed ${kind}`, ids: missing });
  const targets: RemoteTarget[] = rows.map((r) => ({ ...r, online: r.online === true }));
  return { shed, targets };
}

/** The commands of one device and action (a feed-now is never superseded: each is its own). */
function chainOf(action: FeedRemoteAction, deviceId: number): SQL {
  if (action === 'feedNow') return sql`false`;
  return sql`${controlCommands.payload}->>'deviceId' = ${String(deviceId)} AND ${controlCommands.op} = ${FEED_REMOTE_OPS[action]}`;
}

export interface RemoteAction {
  action: FeedRemoteAction;
  /** What the device is told besides its id and address. */
  payload: Record<string, unknown>;
}

/**
 * Writes and sends one action to the targets; `confirm` (the code) is checked after the devices
 * were found in a visible house, so a code is never tried against what the account cannot see.
 */
export async function sendRemote(
  deps: Deps,
  scope: Scope,
  found: Awaited<ReturnType<typeof remoteTargets>>,
  what: RemoteAction,
  confirm: () => Promise<Confirmation>,
): Promise<FeedSendAnswer> {
  const { db } = deps.database;
  const { shed, targets } = found;
  const confirmation = await confirm();
  const op = FEED_REMOTE_OPS[what.action];
  const payloadOf = (t: RemoteTarget): Record<string, unknown> => ({
    deviceId: t.id,
    ...(t.collectorNo !== null ? { collector: t.collectorNo, feeder: t.deviceNo } : {}),
    ...what.payload,
    // The clock is read when the command is written (a re-send carries the same time: the device keeps its own).
    ...(what.action === 'timeSync' ? { time: Date.now() } : {}),
  });
  const written = await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const out: { target: RemoteTarget; id: string; version: number; payload: Record<string, unknown> }[] = [];
      for (const t of targets) {
        const payload = payloadOf(t);
        const w = await writeCommand(tx, deps, {
          shed,
          gatewayId: t.gatewayId,
          group: FEED_DEVICE_GROUP,
          op,
          payload,
          target: chainOf(what.action, t.id),
          log: confirmedLog(what.action, confirmation, scope),
        });
        out.push({ target: t, id: w.id, version: w.version, payload });
      }
      return out;
    }),
  );
  audit.apply(
    scope.req,
    'setting',
    shed.shedName,
    audit.changes<Record<string, unknown>>(
      { [what.action]: null },
      { [what.action]: { devices: targets.map((t) => t.deviceNo), ...what.payload } },
    ),
  );
  // Published to the concentrators online now (read after the commit, so one that came back while
  // the rows were written is not missed); the rest go when their concentrator comes back.
  const online = await onlineGateways(db, [...new Set(targets.map((t) => t.gatewayId))]);
  const results: FeedSendResult[] = [];
  for (const w of written) {
    const up = online.has(w.target.gatewayId);
    if (up) await publishRow(db, deps.iot, { id: w.id, op, payload: w.payload, version: w.version }, w.target.gatewayCode);
    results.push({
      deviceId: w.target.id,
      deviceName: w.target.name,
      code: 1,
      version: w.version,
      commandId: w.id,
      status: 'pending',
      online: up,
    });
  }
  return { results };
}

async function onlineGateways(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: gatewayStatus.gatewayId })
    .from(gatewayStatus)
    .where(and(inArray(gatewayStatus.gatewayId, ids), eq(gatewayStatus.online, true)));
  return new Set(rows.map((r) => r.id));
}

const PARAM_FIELDS = [
  'brightness',
  'lockSeconds',
  'touchLock',
  'baitWeight',
  'tempLow',
  'tempHigh',
  'intervalMinutes',
  'amountPerFeed',
] as const;
const SERIAL_FIELDS = ['baudRate', 'dataBits', 'stopBits', 'parity'] as const;

/** onCommandSettled: an acknowledged parameter or serial write becomes the device's stored setting. */
export async function remoteSettled(tx: Tx, _deps: Deps, cmd: SettledCommand): Promise<void> {
  if (cmd.group !== FEED_DEVICE_GROUP || cmd.status !== 'synced') return;
  const [row] = await tx
    .select({ op: controlCommands.op, payload: controlCommands.payload })
    .from(controlCommands)
    .where(eq(controlCommands.id, cmd.id));
  if (!row || typeof row.payload !== 'object' || row.payload === null) return;
  const p = new Map(Object.entries(row.payload));
  const deviceId = Number(p.get('deviceId'));
  const fields = row.op === FEED_REMOTE_OPS.params ? PARAM_FIELDS : row.op === FEED_REMOTE_OPS.serial ? SERIAL_FIELDS : null;
  if (!fields || !Number.isInteger(deviceId)) return;
  const set: Record<string, unknown> = {};
  for (const f of fields) if (p.has(f)) set[f] = p.get(f);
  await tx
    .update(feedDevices)
    .set({ ...set, updatedAt: cmd.at })
    .where(and(eq(feedDevices.id, deviceId), eq(feedDevices.tenantId, cmd.tenantId), eq(feedDevices.shedId, cmd.shedId)));
}
