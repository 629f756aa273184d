import { FeedConcentratorModel, parseRation, type FeederAddress } from '../../../simulator/src/index.js';
import { zoneOffsetMs } from '@farmsense/shared';
import type { Database } from './client.js';
import { DEMO_TENANT } from './demo-codes.js';

/**
 * The demo's feeder main units (gateway type 102 of the demo tenant, db/seed-feed-devices.ts) as
 * simulated concentrators with the feeders the platform lists under them. A feeder keeps the last
 * ration it confirmed (the newest acknowledged `setRation` of the feeding group), so a restart of
 * the demo goes on feeding as before.
 */
export async function demoConcentrators(database: Database, seed: number, now = Date.now()): Promise<FeedConcentratorModel[]> {
  const units = await database.query<{ id: number; code: string; time_zone: string | null }>(
    `SELECT g.id, g.code, f.time_zone
       FROM gateways g
       JOIN tenants t ON t.id = g.tenant_id
       LEFT JOIN farms f ON f.id = g.farm_id
      WHERE t.name = $1 AND g.enabled AND g.gateway_type = 102
      ORDER BY g.code`,
    [DEMO_TENANT],
  );
  if (units.length === 0) return [];
  const ids = units.map((u) => u.id);
  const feeders = await database.query<{ gateway_id: number; collector: string; feeder: string }>(
    `SELECT j.gateway_id, c.device_no AS collector, s.device_no AS feeder
       FROM feed_devices s
       JOIN feed_devices c ON c.id = s.parent_id
       JOIN feed_devices j ON j.id = c.parent_id
      WHERE s.kind = 'feeder' AND j.gateway_id = ANY($1::int[])
      ORDER BY c.device_no, s.device_no`,
    [ids],
  );
  const rations = await database.query<{ gateway_id: number; payload: Record<string, unknown>; version: number }>(
    `SELECT DISTINCT ON (gateway_id, payload->>'feederId') gateway_id, payload, version
       FROM control_commands
      WHERE grp = 'feeding' AND status = 'synced' AND gateway_id = ANY($1::int[])
      ORDER BY gateway_id, payload->>'feederId', version DESC`,
    [ids],
  );
  return units.map((u) => {
    let offset = 480;
    try {
      offset = Math.round(zoneOffsetMs(now, u.time_zone ?? 'Asia/Shanghai') / 60_000);
    } catch {
      // An unknown zone name: keep the demo farms' China time.
    }
    const addresses: FeederAddress[] = feeders
      .filter((f) => f.gateway_id === u.id)
      .map((f) => ({ collector: f.collector, feeder: f.feeder }));
    const model = new FeedConcentratorModel({ code: u.code, seed, utcOffsetMinutes: offset, feeders: addresses });
    for (const r of rations.filter((x) => x.gateway_id === u.id)) {
      const ration = parseRation({ ...r.payload, version: r.version });
      const { collector, feeder } = r.payload;
      if (ration && typeof collector === 'string' && typeof feeder === 'string') model.remember({ collector, feeder }, ration, now);
    }
    return model;
  });
}
