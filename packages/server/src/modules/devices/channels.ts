import { eq } from 'drizzle-orm';
import {
  AppError,
  channelKindOf,
  CURTAIN_TYPE_VALUES,
  ErrorCodes,
  FAN_TYPE_VALUES,
  HEAT_TYPE_VALUES,
  type ChannelItem,
  type ChannelRow,
  type ChannelsQuery,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { gatewayChannels } from '../../db/tables.js';
import { visibleGateway, type Scope } from '../../scope/index.js';

/**
 * Sub-device channels of a gateway. A fan type belongs only to `fan.n` keys (20008), a curtain
 * type only to `curtain.n` (20009), a heating type only to `heater.n` (20010); each must be one
 * of its enumeration. A key appears once per gateway (99996).
 */
function typeValid(value: number | null | undefined, allowed: boolean, values: readonly number[]): boolean {
  if (value === null || value === undefined) return true;
  return allowed && values.includes(value);
}

export function checkChannels(channels: ChannelItem[]): void {
  const seen = new Set<string>();
  for (const c of channels) {
    if (seen.has(c.key)) throw new AppError(ErrorCodes.PARAM_ERROR);
    seen.add(c.key);
    const kind = channelKindOf(c.key);
    if (!typeValid(c.fanType, kind === 'fan', FAN_TYPE_VALUES)) throw new AppError(ErrorCodes.FAN_TYPE_WRONG);
    if (!typeValid(c.curtainType, kind === 'curtain', CURTAIN_TYPE_VALUES)) throw new AppError(ErrorCodes.CURTAIN_TYPE_WRONG);
    if (!typeValid(c.heatType, kind === 'heater', HEAT_TYPE_VALUES)) throw new AppError(ErrorCodes.HEAT_TYPE_WRONG);
  }
}

export async function listChannels(db: Db, scope: Scope, tenantId: number, q: ChannelsQuery): Promise<ChannelRow[]> {
  const gw = await visibleGateway(scope, q.id !== undefined ? { id: q.id } : { code: q.code! });
  const rows = await db.select().from(gatewayChannels).where(eq(gatewayChannels.gatewayId, gw.id)).orderBy(gatewayChannels.key);
  return rows.map((r) => ({
    key: r.key,
    subDevice: r.subDevice,
    name: r.name,
    fanType: r.fanType,
    curtainType: r.curtainType,
    heatType: r.heatType,
  }));
}

/** Replaces the gateway's channel set in one transaction. */
export async function saveChannels(db: Db, scope: Scope, tenantId: number, id: number, channels: ChannelItem[]): Promise<void> {
  checkChannels(channels);
  const gw = await visibleGateway(scope, { id: id });
  await db.transaction(async (tx) => {
    await tx.delete(gatewayChannels).where(eq(gatewayChannels.gatewayId, gw.id));
    if (channels.length === 0) return;
    await tx.insert(gatewayChannels).values(
      channels.map((c) => ({
        gatewayId: gw.id,
        key: c.key,
        subDevice: c.subDevice,
        name: c.name ?? null,
        fanType: c.fanType ?? null,
        curtainType: c.curtainType ?? null,
        heatType: c.heatType ?? null,
      })),
    );
  });
}
