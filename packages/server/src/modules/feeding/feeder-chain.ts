import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { gateways } from '../../db/tables.js';
import { feedDevices } from './device-tables.js';

/**
 * The chain a feeder is reached through: its collector (`parentId`), the collector's concentrator
 * and that concentrator's gateway. The two are aliases of feed_devices for the queries that
 * join them beside the feeder itself.
 */
export const collector = alias(feedDevices, 'collector');
export const concentrator = alias(feedDevices, 'concentrator');

/**
 * Joins each feeder's collector, concentrator and gateway to a dynamic select of named fields
 * from feedDevices (`db.select({ ... }).from(feedDevices).$dynamic()`). Inner joins: a feeder
 * without the whole chain is left out, and the select's row type stays as it is.
 */
export function joinFeederGateway<T extends PgSelect & { _: { selectMode: 'partial' } }>(query: T): T {
  return query
    .innerJoin(collector, eq(collector.id, feedDevices.parentId))
    .innerJoin(concentrator, eq(concentrator.id, collector.parentId))
    .innerJoin(gateways, eq(gateways.id, concentrator.gatewayId)) as unknown as T;
}
