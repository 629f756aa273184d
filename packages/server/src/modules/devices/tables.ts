import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gateways } from '../../db/schema.js';
import { inFarm } from '../../db/schema/owners.js';
import { belongsTo, extensionOf, timestamps, ts } from '../../db/schema/columns.js';
import type { ConnectionMode, DeviceRefusalReason } from '@farmsense/shared';

/**
 * Sub-device channels of a gateway: which CONTRACT §4 value key (`temp.3`, `fan.2`) is which
 * climate sub-device (SPEC §3, 1-17), with the fan, curtain or heating type where it applies.
 * The set of a gateway is replaced as a whole; removed with its gateway.
 */
export const gatewayChannels = pgTable(
  'gateway_channels',
  {
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    key: text('key').notNull(),
    subDevice: integer('sub_device').notNull(),
    name: text('name'),
    fanType: integer('fan_type'),
    curtainType: integer('curtain_type'),
    heatType: integer('heat_type'),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.key] })],
);

/** Network devices and switches (/device-mng/network): reached by IP, unique per tenant. */
export const networkDevices = pgTable(
  'network_devices',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    serverPort: integer('server_port').notNull(),
    connectionMode: text('connection_mode').$type<ConnectionMode>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('network_devices_tenant_ip_uq').on(t.tenantId, t.ip), index('network_devices_farm_idx').on(t.farmId)],
);

/**
 * Refused CONNECTs of a registered gateway (wrong check code, a client id not its own, disabled):
 * how many, and the last reason and time, for its device page. Written in bulk by the broker
 * (iot/refusals.ts); removed with its gateway.
 */
export const gatewayRefusals = pgTable('gateway_refusals', {
  gatewayId: extensionOf('gateway_id', () => gateways.id),
  count: integer('count').notNull().default(0),
  lastReason: text('last_reason').$type<DeviceRefusalReason>().notNull(),
  lastAt: ts('last_at').notNull(),
});
