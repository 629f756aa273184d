import { SiloScaleModel, type FeedConcentratorModel, type SiloChannel } from '../../../simulator/src/index.js';
import { zoneOffsetMs } from '@farmsense/shared';
import type { Database } from './client.js';
import { DEMO_TENANT } from './demo-codes.js';
import { DEMO_FEEDER_GATEWAY } from './seed-feed-devices.js';
import { FEEDER_SILO, feederSiloOf, SILO_HISTORY_DAYS, SILO_MODEL, siloDailyKg, SPILL } from './seed-silos.js';

/**
 * The demo's silo weighers (`fs-demoscale<n>`, seed-silos.ts) as simulated load cells
 * (simulator silo-scales.ts), so the silo status, the empty-by forecast, the deliveries and the
 * day's reconciliation go on after the seeded history. Each silo starts from its last stored
 * reading (or 60 % full) at that reading's time, so a restart carries on from what was weighed,
 * and draws like its history: the feeder house's silo what the demo feeders dispense (the
 * concentrator the live simulator runs) plus the spill, the others their day's draw as it stood at
 * the end of the seeded history (the animals grew 1 % a day over it).
 */
export async function demoScales(
  database: Database,
  concentrators: readonly FeedConcentratorModel[],
  seed: number,
  now = Date.now(),
): Promise<SiloScaleModel[]> {
  const rows = await database.query<{
    id: number;
    code: string;
    channel: number;
    capacity_kg: number;
    farm_type: number;
    time_zone: string | null;
    kg: number | null;
    ts: Date | string | null;
  }>(
    `SELECT s.id, g.code, s.channel, s.capacity_kg, f.type AS farm_type, f.time_zone, l.value AS kg, l.ts
       FROM silos s
       JOIN gateways g ON g.id = s.gateway_id
       JOIN tenants t ON t.id = s.tenant_id
       JOIN farms f ON f.id = s.farm_id
       LEFT JOIN telemetry_latest l ON l.gateway_id = g.id AND l.key = 'weight.' || s.channel
      WHERE t.name = $1 AND g.enabled AND g.code LIKE 'fs-demoscale%' AND s.channel IS NOT NULL
      ORDER BY g.code, s.channel`,
    [DEMO_TENANT],
  );
  if (rows.length === 0) return [];
  const feederSilo = await feederSiloOf(database.db);
  const unit = concentrators.find((m) => m.code === DEMO_FEEDER_GATEWAY);
  const fed = unit
    ? (t: number): number => {
        let sum = 0;
        for (const [key, v] of Object.entries(unit.values(t))) if (key.startsWith('feederFeed.')) sum += v;
        return sum;
      }
    : null;
  const byCode = new Map<string, typeof rows>();
  for (const r of rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
  return [...byCode].map(([code, list]) => {
    let offset = 480;
    try {
      offset = Math.round(zoneOffsetMs(now, list[0]!.time_zone ?? 'Asia/Shanghai') / 60_000);
    } catch {
      // An unknown zone name: keep the demo farms' China time.
    }
    const start = Math.min(now, ...list.map((r) => (r.ts ? new Date(r.ts).getTime() : now)));
    const channels: SiloChannel[] = list.map((r) => {
      const own = r.id === feederSilo && fed !== null;
      const model = own ? FEEDER_SILO : (SILO_MODEL[r.farm_type] ?? SILO_MODEL[1]!);
      return {
        channel: r.channel,
        capacityKg: r.capacity_kg,
        startKg: r.kg ?? r.capacity_kg * 0.6,
        dailyKg: siloDailyKg(model.dailyKg, r.id) * (1 + SILO_HISTORY_DAYS * 0.01),
        ...(own ? { fed: fed!, noise: 0.0002 } : {}),
      };
    });
    return new SiloScaleModel({ code, seed, utcOffsetMinutes: offset, start, channels, spill: SPILL });
  });
}
