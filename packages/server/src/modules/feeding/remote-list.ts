import { and, asc, eq, sql } from 'drizzle-orm';
import {
  COMMAND_STATUSES,
  FEED_REMOTE_ACTIONS,
  FEED_REMOTE_OPS,
  PARITIES,
  type ConcentratorRemoteRow,
  type FeederRemoteRow,
  type FeedRemoteCommand,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { gateways, gatewayStatus, pens } from '../../db/tables.js';
import { tenantIdOf, visibleShed, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { collector, joinFeederGateway } from './feeder-chain.js';
import { FEED_DEVICE_GROUP } from './remote.js';

/**
 * The lists of the remote feed-device pages: a house's feeders (or concentrators) with their link,
 * live state and stored settings, and each device's newest command per action. Three statements:
 * the devices, their newest reports (telemetry_latest) and their newest commands.
 */

const ACTION_OF_OP = new Map(FEED_REMOTE_ACTIONS.map((a) => [FEED_REMOTE_OPS[a], a] as const));
const statusOf = (s: string) => COMMAND_STATUSES.find((x) => x === s) ?? 'pending';
const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());

/** Newest command per device and action of the house's feedDevice group. */
async function newestCommands(database: Database, shedId: number): Promise<Map<number, FeedRemoteCommand[]>> {
  const rows = await database.query<{
    device_id: string;
    op: string;
    version: number;
    status: string;
    ack_msg: string | null;
    grams: string | null;
    created_at: Date | string;
    acked_at: Date | string | null;
  }>(
    `SELECT DISTINCT ON (payload->>'deviceId', op) payload->>'deviceId' AS device_id, op, version, status, ack_msg,
            payload->>'grams' AS grams, created_at, acked_at
       FROM control_commands
      WHERE shed_id = $1 AND grp = $2
      ORDER BY payload->>'deviceId', op, version DESC`,
    [shedId, FEED_DEVICE_GROUP],
  );
  const out = new Map<number, FeedRemoteCommand[]>();
  for (const r of rows) {
    const action = ACTION_OF_OP.get(r.op);
    const id = Number(r.device_id);
    if (!action || !Number.isInteger(id)) continue;
    const list = out.get(id) ?? [];
    list.push({
      action,
      version: r.version,
      status: statusOf(r.status),
      ackMsg: r.ack_msg,
      grams: r.grams === null ? null : Number(r.grams),
      createdAt: ms(r.created_at)!,
      ackedAt: ms(r.acked_at),
    });
    out.set(id, list);
  }
  return out;
}

export async function feederRemoteList(database: Database, scope: Scope, shedId: number): Promise<FeederRemoteRow[]> {
  const { db } = database;
  const shed = await visibleShed(scope, shedId);
  const rows = await joinFeederGateway(
    db
      .select({
        d: feedDevices,
        collectorNo: collector.deviceNo,
        gatewayId: gateways.id,
        online: gatewayStatus.online,
        penColumn: pens.fieldColumn,
        penRow: pens.field,
      })
      .from(feedDevices)
      .$dynamic(),
  )
    .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
    .innerJoin(pens, eq(pens.id, feedDevices.penId))
    .where(and(eq(feedDevices.tenantId, tenantIdOf(scope)), eq(feedDevices.shedId, shed.id), eq(feedDevices.kind, 'feeder')))
    .orderBy(asc(pens.fieldColumn), asc(pens.field), asc(collector.deviceNo), asc(feedDevices.deviceNo));
  if (rows.length === 0) return [];
  const keys = rows.flatMap((r) => ['feederRation', 'feederFeed', 'feederState'].map((k) => ({ g: r.gatewayId, k: `${k}.${r.d.id}` })));
  const [latest, commands] = await Promise.all([
    database.query<{ key: string; value: number; ts: Date | string }>(
      `SELECT l.key, l.value, l.ts FROM unnest($1::int[], $2::text[]) AS u(g, k)
         JOIN telemetry_latest l ON l.gateway_id = u.g AND l.key = u.k`,
      [keys.map((k) => k.g), keys.map((k) => k.k)],
    ),
    newestCommands(database, shed.id),
  ]);
  const live = new Map(latest.map((l) => [l.key, l]));
  return rows.map(({ d, collectorNo, online, penColumn, penRow }) => {
    const feed = live.get(`feederFeed.${d.id}`);
    const val = (k: string) => {
      const v = live.get(`${k}.${d.id}`)?.value;
      return v === undefined ? null : Number(v);
    };
    return {
      id: d.id,
      deviceNo: d.deviceNo,
      name: d.name,
      collectorNo,
      penId: d.penId!,
      penColumn,
      penRow,
      online: online === true,
      planned: val('feederRation'),
      dispensed: val('feederFeed'),
      state: val('feederState'),
      reportedAt: feed ? ms(feed.ts) : null,
      params: {
        brightness: d.brightness,
        lockSeconds: d.lockSeconds,
        touchLock: d.touchLock,
        baitWeight: d.baitWeight,
        tempLow: d.tempLow,
        tempHigh: d.tempHigh,
        intervalMinutes: d.intervalMinutes,
        amountPerFeed: d.amountPerFeed,
      },
      commands: commands.get(d.id) ?? [],
    };
  });
}

export async function concentratorRemoteList(database: Database, scope: Scope, shedId: number): Promise<ConcentratorRemoteRow[]> {
  const { db } = database;
  const shed = await visibleShed(scope, shedId);
  const [rows, commands] = await Promise.all([
    db
      .select({
        d: feedDevices,
        gatewayCode: gateways.code,
        online: gatewayStatus.online,
        // The inner tables are aliased, so "feed_devices" names the outer row.
        collectors: sql<number>`(SELECT count(*)::int FROM feed_devices s WHERE s.parent_id = ${feedDevices.id})`,
        feeders: sql<number>`(SELECT count(*)::int FROM feed_devices f JOIN feed_devices c ON c.id = f.parent_id WHERE c.parent_id = ${feedDevices.id})`,
      })
      .from(feedDevices)
      .innerJoin(gateways, eq(gateways.id, feedDevices.gatewayId))
      .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
      .where(and(eq(feedDevices.tenantId, tenantIdOf(scope)), eq(feedDevices.shedId, shed.id), eq(feedDevices.kind, 'concentrator')))
      .orderBy(asc(feedDevices.deviceNo)),
    newestCommands(database, shed.id),
  ]);
  return rows.map(({ d, gatewayCode, online, collectors, feeders }) => ({
    id: d.id,
    deviceNo: d.deviceNo,
    name: d.name,
    gatewayCode,
    online: online === true,
    collectors: Number(collectors),
    feeders: Number(feeders),
    serial: {
      baudRate: d.baudRate,
      dataBits: d.dataBits,
      stopBits: d.stopBits,
      parity: PARITIES.find((p) => p === d.parity) ?? null,
    },
    commands: commands.get(d.id) ?? [],
  }));
}
