import { Partitions } from '../iot/partitions.js';
import { emptyBatch, monthsOf, storeBatch } from '../iot/store.js';
import type { Database } from './client.js';
import { DEMO_SEED } from './demo-codes.js';
import { demoConcentrators } from './demo-feeders.js';

/**
 * The demo feeders' last days (issue 15): what the simulated concentrators (db/demo-feeders.ts,
 * the same seed and rations the live simulator runs) would have reported every STEP_MINUTES over
 * the last DAYS days up to now, stored through ingest's batch statement (history, latest, and the
 * daily rollup the feeding records and the not-eating list read). With DEMO=1 at start, once per
 * unit (a unit with a stored day older than the range's first is left alone). Returns how many
 * readings were stored.
 */
export const FEEDER_HISTORY_DAYS = 7;
const STEP_MINUTES = 30;
const MINUTE = 60_000;

export async function seedFeederHistory(database: Database, now = Date.now(), days = FEEDER_HISTORY_DAYS): Promise<number> {
  const models = await demoConcentrators(database, DEMO_SEED, now);
  if (models.length === 0) return 0;
  const units = await database.query<{ id: number; code: string; time_zone: string | null }>(
    `SELECT g.id, g.code, f.time_zone FROM gateways g LEFT JOIN farms f ON f.id = g.farm_id WHERE g.code = ANY($1::text[])`,
    [models.map((m) => m.code)],
  );
  const step = STEP_MINUTES * MINUTE;
  const end = Math.floor(now / step) * step;
  const start = end - days * 24 * 60 * MINUTE;
  const partitions = new Partitions(database);
  await partitions.refresh();
  let stored = 0;
  for (const model of models) {
    const unit = units.find((u) => u.code === model.code);
    if (!unit) continue;
    // Once: a unit with a stored day before the first seeded one has its history.
    const had = await database.query('SELECT 1 FROM telemetry_daily WHERE gateway_id = $1 AND bucket < $2::timestamptz LIMIT 1', [
      unit.id,
      new Date(start + 24 * 60 * MINUTE).toISOString(),
    ]);
    if (had.length > 0) continue;
    const batch = emptyBatch();
    batch.zones.set(unit.id, unit.time_zone ?? 'Asia/Shanghai');
    for (let t = start; t <= end; t += step) {
      for (const [key, value] of Object.entries(model.values(t))) {
        batch.gatewayIds.push(unit.id);
        batch.keys.push(key);
        batch.ts.push(t);
        batch.values.push(value);
      }
    }
    await partitions.ensure(monthsOf(batch.ts));
    stored += await storeBatch(database, batch);
  }
  return stored;
}
