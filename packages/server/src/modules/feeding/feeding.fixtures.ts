import { eq } from 'drizzle-orm';
import { gateways } from '../../db/tables.js';
import type { Database } from '../../db/client.js';
import { addGateway } from '../../iot/testkit.js';
import { feedDevices } from './device-tables.js';

/**
 * A house's feeder hierarchy for tests: a feeder main gateway (type 102) with its concentrator,
 * one collector and a feeder per pen listed (a pen listed twice gets two feeders).
 */
export interface FeederSet {
  gatewayId: number;
  concentrator: number;
  collector: number;
  feeders: number[];
}

export async function buildFeeders(
  database: Database,
  o: { tenantId: number; farmId: number; shedId: number; code: string; pens: number[] },
): Promise<FeederSet> {
  const { db } = database;
  const gatewayId = await addGateway(database, { tenantId: o.tenantId, code: o.code, farmId: o.farmId, shedId: o.shedId });
  await db.update(gateways).set({ gatewayType: 102 }).where(eq(gateways.id, gatewayId));
  const at = { tenantId: o.tenantId, farmId: o.farmId, shedId: o.shedId };
  const [jzq] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'concentrator', gatewayId, deviceNo: `${o.code}-J`, name: 'Concentrator' })
    .returning({ id: feedDevices.id });
  const [cjq] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'collector', parentId: jzq!.id, deviceNo: '01', name: 'Collector 01' })
    .returning({ id: feedDevices.id });
  const feeders = await db
    .insert(feedDevices)
    .values(
      o.pens.map((penId, i) => ({
        ...at,
        kind: 'feeder',
        parentId: cjq!.id,
        penId,
        deviceNo: String(i + 1).padStart(3, '0'),
        name: `Feeder ${i + 1}`,
        amountPerFeed: 300,
        intervalMinutes: 30,
      })),
    )
    .returning({ id: feedDevices.id });
  return { gatewayId, concentrator: jzq!.id, collector: cjq!.id, feeders: feeders.map((f) => f.id) };
}
