import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BINARY_DEVICE_KINDS,
  DEVICE_OP,
  deviceKindOf,
  deviceKeyValid,
  ErrorCodes,
  type ApplyAnswer,
  type DeviceListAnswer,
  type DevicePayload,
  type DeviceRow,
  type DeviceSwitchBody,
} from '@farmsense/shared';
import { controlCommands, controlOptionLogs, gateways, gatewayStatus } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { defineJob } from '../../jobs/index.js';
import { audit } from '../../plugins/audit-note.js';
import { visibleShed, type Scope } from '../../scope/index.js';
import { confirmedLog, writeCommand, withVersionRetry } from './commands.js';
import { publishRow } from './delivery.js';
import { sendLate, shedController, statusOf } from './settings.js';
import type { Confirmation } from './verify.js';

/**
 * Devices switched by hand (/remote-control/device). Each switch is a `control_commands` row of
 * group `device` (one version per switch in the house, payload `{key, value, returnMinutes}`, op
 * `setDevice`), with its option-log entry, its expiry job and, for a hand value, a durable
 * `control.devicereturn` job at the chosen time that writes the return to automatic (`value:
 * null`) the same way, unless a newer command for that device came first. Acks, re-sends on
 * reconnect and expiry are the control core's (delivery.ts); re-sends are per device.
 */
export const DEVICE_GROUP = 'device';

/** The commands of one device of the house's `device` group. */
const ofDevice = (key: string) => sql`${controlCommands.payload}->>'key' = ${key}`;

/** Sends a command written by a job once its transaction committed (the device's ack must find the row). */
export const sendJob = defineJob<{ id: string }>(
  'control.send',
  async ({ id }, { tx, deps }) => {
    // Only through the job's transaction (one connection on PGlite); the ack is settled by the core.
    const [row] = await tx
      .select({ c: controlCommands, code: gateways.code, online: gatewayStatus.online })
      .from(controlCommands)
      .innerJoin(gateways, eq(gateways.id, controlCommands.gatewayId))
      .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, controlCommands.gatewayId))
      .where(and(eq(controlCommands.id, id), eq(controlCommands.status, 'pending')));
    if (!row || row.online !== true || !deps.iot.running) return;
    await tx
      .update(controlCommands)
      .set({ attempts: sql`${controlCommands.attempts} + 1`, lastSentAt: new Date() })
      .where(eq(controlCommands.id, id));
    await deps.iot.publishCommand(row.code, id, row.c.op, { version: row.c.version, ...(row.c.payload as Record<string, unknown>) });
  },
  { attempts: 3, backoff: { baseMs: 2_000, factor: 2 }, timeoutMs: 10_000 },
);

/** Back to automatic at the chosen time, unless the device got a newer command since. */
export const returnJob = defineJob<{ id: string }>(
  'control.devicereturn',
  async ({ id }, { tx, deps }) => {
    const [sw] = await tx.select().from(controlCommands).where(eq(controlCommands.id, id));
    if (!sw) return;
    const payload = sw.payload as DevicePayload;
    const [newer] = await tx
      .select({ id: controlCommands.id })
      .from(controlCommands)
      .where(
        and(
          eq(controlCommands.shedId, sw.shedId),
          eq(controlCommands.grp, DEVICE_GROUP),
          ofDevice(payload.key),
          sql`${controlCommands.version} > ${sw.version}`,
        ),
      )
      .limit(1);
    if (newer) return;
    const [log] = await tx
      .select({ codeKind: controlOptionLogs.codeKind, authCodeId: controlOptionLogs.authCodeId })
      .from(controlOptionLogs)
      .where(eq(controlOptionLogs.commandId, id));
    const back = await writeCommand(tx, deps, {
      shed: { id: sw.shedId, tenantId: sw.tenantId, farmId: sw.farmId },
      gatewayId: sw.gatewayId,
      group: DEVICE_GROUP,
      op: DEVICE_OP,
      payload: { key: payload.key, value: null, returnMinutes: null } satisfies DevicePayload,
      target: ofDevice(payload.key),
      log: {
        action: 'return',
        codeKind: log?.codeKind ?? 'security',
        authCodeId: log?.authCodeId ?? null,
        accountId: null,
        accountName: null,
      },
    });
    await deps.jobs.enqueue(sendJob, { id: back.id }, { key: `send-${back.id}`, tx });
  },
  { attempts: 5, backoff: { baseMs: 5_000, factor: 2 }, timeoutMs: 10_000 },
);

/** Switches one device of a visible house after the code; answers like an apply (one house). */
export async function switchDevice(
  deps: Deps,
  scope: Scope,
  body: DeviceSwitchBody,
  confirm: () => Promise<Confirmation>,
): Promise<ApplyAnswer> {
  const { db } = deps.database;
  const shed = await visibleShed(scope, body.shedId);
  const confirmation = await confirm();
  const base = { shedId: shed.id, shedName: shed.shedName };
  const gw = await shedController(db, shed.id);
  if (!gw)
    return { results: [{ ...base, code: ErrorCodes.CONTROLLER_NOT_FOUND, version: null, commandId: null, status: null, online: false }] };
  const payload: DevicePayload = { key: body.key, value: body.value, returnMinutes: body.value === null ? null : body.returnMinutes };
  // Two switches in one house at once get different versions (the unique index; retried).
  const w = await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const written = await writeCommand(tx, deps, {
        shed,
        gatewayId: gw.id,
        group: DEVICE_GROUP,
        op: DEVICE_OP,
        payload,
        target: ofDevice(payload.key),
        log: confirmedLog('switch', confirmation, scope),
      });
      if (payload.returnMinutes !== null)
        await deps.jobs.enqueue(
          returnJob,
          { id: written.id },
          { runAt: new Date(Date.now() + payload.returnMinutes * 60_000), key: `return-${written.id}`, tx },
        );
      return written;
    }),
  );
  audit.apply(scope.req, 'setting', shed.shedName, audit.changes({ device: w.from }, { device: payload }));
  const results = [{ ...base, code: 1, version: w.version, commandId: w.id, status: 'pending' as const, online: gw.online }];
  // Online when the switch started: sent now; offline then: sent if it came online while the row was written.
  if (gw.online) await publishRow(db, deps.iot, { id: w.id, op: DEVICE_OP, payload, version: w.version }, gw.code);
  else await sendLate(deps, new Map([[shed.id, gw]]), results, payload, DEVICE_OP);
  return { results };
}

/** The house's devices: every actuator and lighting zone its controller reports, with its newest value and hand command. */
export async function deviceList(deps: Deps, scope: Scope, shedId: number): Promise<DeviceListAnswer> {
  const { db } = deps.database;
  await visibleShed(scope, shedId);
  const gw = await shedController(db, shedId);
  if (!gw) return { shedId, gatewayId: null, online: false, devices: [] };
  const latest = await deps.database.query<{ key: string; value: number | null; ts: string | Date | null }>(
    'SELECT key, value, ts FROM telemetry_latest WHERE gateway_id = $1',
    [gw.id],
  );
  const commands = await db
    .select()
    .from(controlCommands)
    .where(and(eq(controlCommands.shedId, shedId), eq(controlCommands.grp, DEVICE_GROUP)))
    .orderBy(desc(controlCommands.version))
    .limit(500);
  const newest = new Map<string, (typeof commands)[number]>();
  for (const c of commands) {
    const key = (c.payload as DevicePayload).key;
    if (!newest.has(key)) newest.set(key, c);
  }
  const keys = new Set([...latest.map((l) => l.key), ...newest.keys()].filter(deviceKeyValid));
  const devices: DeviceRow[] = [...keys].map((key) => {
    const kind = deviceKindOf(key)!;
    const l = latest.find((x) => x.key === key);
    const c = newest.get(key);
    const p = c?.payload as DevicePayload | undefined;
    return {
      key,
      kind,
      index: Number(key.split('.')[1]),
      variable: !BINARY_DEVICE_KINDS.includes(kind),
      value: l?.value ?? null,
      ts: l?.ts ? new Date(l.ts).getTime() : null,
      command:
        c && p
          ? {
              version: c.version,
              value: p.value,
              status: statusOf(c.status),
              ackMsg: c.ackMsg,
              returnAt: p.returnMinutes !== null ? c.createdAt.getTime() + p.returnMinutes * 60_000 : null,
              createdAt: c.createdAt.getTime(),
            }
          : null,
    };
  });
  devices.sort((a, b) => a.kind.localeCompare(b.kind) || a.index - b.index);
  return { shedId, gatewayId: gw.id, online: gw.online, devices };
}
