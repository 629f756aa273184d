import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { controlCommands, gateways } from '../../db/tables.js';
import type { CommandAck } from '../../iot/commands.js';
import type { IotLink } from '../../iot/link.js';
import { defineJob } from '../../jobs/index.js';
import { errorText, type Log } from '../../lib/log.js';
import { commandSettled, type SettledCommand } from './settled.js';

/**
 * Durable commands (control_commands): each version of a setting group is one row, sent to the
 * house's controller as `{id, op, params}` and settled by the controller's ack, whichever server
 * process receives it (the row is found by id). Until it expires a pending row is sent again each
 * time its gateway comes online; the expiry job then marks what nobody answered `expired`. A
 * device that is offline when the user saves gets the row pending (shown as "applies when back
 * online"), never a silent loss.
 */

type Row = typeof controlCommands.$inferSelect;

/** Publishes the row's command and counts the attempt; false when the link could not take it. */
export async function publishRow(
  db: Db,
  iot: IotLink,
  row: Pick<Row, 'id' | 'op' | 'payload' | 'version'>,
  code: string,
): Promise<boolean> {
  if (!iot.running) return false;
  try {
    const params = { version: row.version, ...(row.payload as Record<string, unknown>) };
    await iot.publishCommand(code, row.id, row.op, params);
  } catch {
    return false;
  }
  await db
    .update(controlCommands)
    .set({ attempts: sql`${controlCommands.attempts} + 1`, lastSentAt: new Date() })
    .where(eq(controlCommands.id, row.id));
  return true;
}

const settledColumns = {
  id: controlCommands.id,
  tenantId: controlCommands.tenantId,
  farmId: controlCommands.farmId,
  shedId: controlCommands.shedId,
  gatewayId: controlCommands.gatewayId,
  group: controlCommands.grp,
  version: controlCommands.version,
  status: controlCommands.status,
};

type SettledRow = Omit<SettledCommand, 'status' | 'at'> & { status: string };

/** Tells the listeners (settled.ts) of the rows just settled, in the same transaction. */
async function announce(tx: Tx, deps: Deps, rows: SettledRow[], at: Date): Promise<(() => void)[]> {
  const after: (() => void)[] = [];
  for (const r of rows) after.push(...(await commandSettled(tx, deps, { ...r, status: r.status as SettledCommand['status'], at })));
  return after;
}

/**
 * Settles a row from the device's ack: synced when it applied it, failed with its message when it
 * refused. Repeated acks change nothing; an ack after the expiry still records what the device
 * did (it applied the setting late). The ack must come from the row's own gateway.
 */
export async function settleAck(deps: Deps, code: string, ack: CommandAck): Promise<boolean> {
  const { db } = deps.database;
  const at = new Date();
  const { rows, after } = await db.transaction(async (tx) => {
    const settled = await tx
      .update(controlCommands)
      .set({ status: ack.ok ? 'synced' : 'failed', ackMsg: ack.msg.slice(0, 200), ackedAt: at })
      .where(
        and(
          eq(controlCommands.id, ack.id),
          inArray(controlCommands.status, ['pending', 'expired']),
          inArray(controlCommands.gatewayId, tx.select({ id: gateways.id }).from(gateways).where(eq(gateways.code, code))),
        ),
      )
      .returning(settledColumns);
    return { rows: settled, after: await announce(tx, deps, settled, at) };
  });
  for (const f of after) f();
  return rows.length > 0;
}

/**
 * Gateways came online: send each one's newest unexpired pending command of each group again.
 * One statement for all of them (a thousand gateways reconnecting after a restart are one query,
 * not two thousand in front of the console's); answers how many commands went out.
 */
export async function resendPending(db: Db, iot: IotLink, gatewayIds: readonly number[]): Promise<number> {
  if (gatewayIds.length === 0) return 0;
  const rows = await db
    .select({ row: controlCommands, code: gateways.code })
    .from(controlCommands)
    .innerJoin(gateways, eq(gateways.id, controlCommands.gatewayId))
    .where(
      and(
        inArray(controlCommands.gatewayId, [...new Set(gatewayIds)]),
        eq(gateways.enabled, true),
        eq(controlCommands.status, 'pending'),
        gt(controlCommands.expiresAt, new Date()),
      ),
    )
    .orderBy(controlCommands.gatewayId, desc(controlCommands.version));
  const seen = new Set<string>();
  let sent = 0;
  for (const { row, code } of rows) {
    // Hand switches (group device) are one chain per device, plan dispatches (group feeding) one
    // per feeder, feeding devices' remote actions (group feedDevice) one per device and operation
    // (every feed-now its own), settings one per group.
    const payload = row.payload as { key?: unknown; feederId?: unknown; deviceId?: unknown };
    const device =
      row.grp === 'device'
        ? `:${String(payload.key)}`
        : row.grp === 'feeding'
          ? `:${String(payload.feederId)}`
          : row.grp === 'feedDevice'
            ? `:${String(payload.deviceId)}:${row.op === 'feedNow' ? row.id : row.op}`
            : '';
    const key = `${row.gatewayId}:${row.shedId}:${row.grp}${device}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (await publishRow(db, iot, row, code)) sent++;
  }
  return sent;
}

/** Marks the command expired when it is still pending at its expiry (enqueued with the row). */
export const expireJob = defineJob<{ id: string }>(
  'control.expire',
  async ({ id }, { tx, deps }) => {
    const rows = await tx
      .update(controlCommands)
      .set({ status: 'expired' })
      .where(and(eq(controlCommands.id, id), eq(controlCommands.status, 'pending'), sql`${controlCommands.expiresAt} <= now()`))
      .returning(settledColumns);
    // The job's transaction commits after this handler: what the listeners send goes out now.
    for (const f of await announce(tx, deps, rows, new Date())) f();
  },
  { attempts: 5, backoff: { baseMs: 5_000, factor: 2 }, timeoutMs: 10_000 },
);

/** How long gateways coming online are gathered before their pending commands are read together. */
export const RESEND_GATHER_MS = 50;

/** Wires acks and reconnects of this process's device link to the rows; returns the removal. */
export function watchDevices(deps: Deps, log: Log): () => void {
  const { iot } = deps;
  const db = deps.database.db;
  const warn = (what: string) => (err: unknown) => log.warn({ err: errorText(err) }, what);
  const offAck = iot.onAck((code, ack) => void settleAck(deps, code, ack).catch(warn('control ack not recorded')));
  let online: number[] = [];
  let timer: NodeJS.Timeout | null = null;
  const offOnline = iot.onOnline((gatewayId) => {
    online.push(gatewayId);
    timer ??= setTimeout(() => {
      timer = null;
      const ids = online;
      online = [];
      void resendPending(db, iot, ids).catch(warn('control re-send failed'));
    }, RESEND_GATHER_MS);
  });
  return () => {
    offAck();
    offOnline();
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
