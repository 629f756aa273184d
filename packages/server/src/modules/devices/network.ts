import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  isIpAddress,
  isServerPort,
  type NetworkAddBody,
  type NetworkPageBody,
  type NetworkRow,
  type NetworkUpdateBody,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, gateways, gatewayStatus, networkDevices } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { farmCondition, refusal, seesFarm, visibleFarm, type Scope } from '../../scope/index.js';
import { containsText } from '../../lib/text-search.js';
import { rowExists } from '../../lib/row-exists.js';
import { audit } from '../../plugins/audit-note.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

/**
 * Network devices and switches (/device-mng/network): IPv4 or IPv6 (200324), a port 1-65535
 * (200325), an IP unique within the tenant (200326), a name unique within the farm (200319).
 * One that controllers are wired to (their bus location) is not deleted (20089). Scoped by farm
 * like the gateways.
 */
type NetworkSelect = typeof networkDevices.$inferSelect;

async function visibleNetwork(scope: Scope, id: number, db: DbOrTx = scope.db): Promise<NetworkSelect> {
  const [row] = await db
    .select()
    .from(networkDevices)
    .where(and(eq(networkDevices.id, id), eq(networkDevices.tenantId, scope.tenantId ?? -1)));
  if (!row || !seesFarm(scope, row.farmId)) throw refusal(scope.req, ErrorCodes.DEVICE_MISSING, { refused: 'network device', id });
  return row;
}

function checkAddress(b: NetworkAddBody): void {
  if (!isIpAddress(b.ip)) throw new AppError(ErrorCodes.INVALID_IP);
  if (!isServerPort(b.serverPort)) throw new AppError(ErrorCodes.PORT_NOT_POSITIVE);
}

/** IPv6 is compared lower-case so one address cannot be registered twice in two spellings of case. */
const normalIp = (ip: string): string => ip.toLowerCase();

async function assertIpFree(tx: DbOrTx, tenantId: number, ip: string, exceptId?: number): Promise<void> {
  const conds = [eq(networkDevices.tenantId, tenantId), eq(networkDevices.ip, ip)];
  if (await rowExists(tx, networkDevices.id, conds, exceptId)) throw new AppError(ErrorCodes.IP_EXISTS);
}

async function assertNameFree(tx: DbOrTx, tenantId: number, farmId: number, name: string, exceptId?: number): Promise<void> {
  const conds = [eq(networkDevices.tenantId, tenantId), eq(networkDevices.farmId, farmId), eq(networkDevices.name, name)];
  if (await rowExists(tx, networkDevices.id, conds, exceptId)) throw new AppError(ErrorCodes.DEVICE_NAME_DUPLICATE);
}

const ipTaken = lostRace({ network_devices_tenant_ip_uq: () => new AppError(ErrorCodes.IP_EXISTS) });

export async function pageNetwork(db: Db, scope: Scope, tenantId: number, q: NetworkPageBody): Promise<Page<NetworkRow>> {
  const conds: (SQL | undefined)[] = [eq(networkDevices.tenantId, tenantId)];
  conds.push(farmCondition(scope, networkDevices.farmId));
  if (q.farmId) conds.push(eq(networkDevices.farmId, q.farmId));
  if (q.keyword) conds.push(containsText(q.keyword, networkDevices.name, networkDevices.ip));
  const { total, rows } = await readPage(db, networkDevices, and(...conds), q, (where) =>
    db
      .select({ d: networkDevices, farmName: farms.farmName })
      .from(networkDevices)
      .leftJoin(farms, eq(farms.id, networkDevices.farmId))
      .where(where)
      .orderBy(networkDevices.id)
      .$dynamic(),
  );
  // A network device's status is that of the controllers wired to it: one query for the page.
  const ids = rows.map((r) => r.d.id);
  const wired = ids.length
    ? await db
        .select({
          networkId: gateways.networkId,
          total: count(),
          online: sql<number>`count(*) filter (where ${gatewayStatus.online})`.mapWith(Number),
        })
        .from(gateways)
        .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
        .where(and(eq(gateways.tenantId, tenantId), inArray(gateways.networkId, ids)))
        .groupBy(gateways.networkId)
    : [];
  const byNetwork = new Map(wired.map((w) => [w.networkId, w]));
  const list = rows.map(({ d, farmName }): NetworkRow => ({
    id: d.id,
    name: d.name,
    ip: d.ip,
    serverPort: d.serverPort,
    connectionMode: d.connectionMode,
    farmId: d.farmId,
    farmName,
    gateways: byNetwork.get(d.id)?.total ?? 0,
    gatewaysOnline: byNetwork.get(d.id)?.online ?? 0,
  }));
  return pageAnswer(q, total, list);
}

export async function addNetwork(db: Db, scope: Scope, tenantId: number, b: NetworkAddBody): Promise<{ id: number }> {
  checkAddress(b);
  const farm = await visibleFarm(scope, b.farmId);
  const ip = normalIp(b.ip);
  await assertIpFree(db, tenantId, ip);
  await assertNameFree(db, tenantId, farm.id, b.name);
  const [row] = await db
    .insert(networkDevices)
    .values({
      tenantId,
      farmId: farm.id,
      name: b.name,
      ip,
      serverPort: b.serverPort,
      connectionMode: b.connectionMode,
    })
    .returning({ id: networkDevices.id })
    .catch(ipTaken);
  audit.add(scope.req, 'network', b.name);
  return { id: row!.id };
}

export async function updateNetwork(db: Db, scope: Scope, tenantId: number, b: NetworkUpdateBody): Promise<void> {
  checkAddress(b);
  const dev = await visibleNetwork(scope, b.id);
  const farm = await visibleFarm(scope, b.farmId);
  const ip = normalIp(b.ip);
  await assertIpFree(db, tenantId, ip, dev.id);
  await assertNameFree(db, tenantId, farm.id, b.name, dev.id);
  await db
    .update(networkDevices)
    .set({
      farmId: farm.id,
      name: b.name,
      ip,
      serverPort: b.serverPort,
      connectionMode: b.connectionMode,
      updatedAt: new Date(),
    })
    .where(eq(networkDevices.id, dev.id))
    .catch(ipTaken);
  // The farm by name, not id.
  const was = { ...dev, farm: dev.farmId === farm.id ? farm.farmName : (await visibleFarm(scope, dev.farmId)).farmName };
  const now = { name: b.name, ip, serverPort: b.serverPort, connectionMode: b.connectionMode, farm: farm.farmName };
  audit.edit(scope.req, 'network', dev.name, audit.changes(was, now));
}

export async function deleteNetwork(db: Db, scope: Scope, tenantId: number, id: number): Promise<void> {
  const dev = await visibleNetwork(scope, id);
  await db.transaction(async (tx) => {
    await tx.select({ id: networkDevices.id }).from(networkDevices).where(eq(networkDevices.id, dev.id)).for('update');
    const wired = [eq(gateways.tenantId, tenantId), eq(gateways.networkId, dev.id)];
    if (await rowExists(tx, gateways.id, wired)) throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES);
    await tx.delete(networkDevices).where(eq(networkDevices.id, dev.id));
  });
  audit.delete(scope.req, 'network', dev.name);
}
