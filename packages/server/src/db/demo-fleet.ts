import { buildFleet, SimulatorRunner, type Connection, type ShedModel } from '../../../simulator/src/index.js';
import { startFlockSync, syncFlocks, type FlockSync, type SimulatedShed } from '../iot/flock-sync.js';
import { zoneOffsetMs } from '@farmsense/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from './client.js';
import { DEMO_CHECK_CODE, DEMO_SEED, DEMO_TENANT } from './demo-codes.js';
import { demoConcentrators } from './demo-feeders.js';
import { demoScales } from './demo-scales.js';
import { farms, gateways, sheds, tenants } from './tables.js';

/**
 * The demo gateways (CONTRACT §5: `fs-demo01`, `fs-demo02`, ... of tenant "Demo Agri Group") as
 * simulated climate controllers. The same fleet, with the same seed and the same anchor (the day
 * the demo was seeded: the gateways' creation time), writes the 60 days of history and then runs
 * live, so day ages, flocks and meters carry on across restarts.
 */
export { DEMO_CHECK_CODE, DEMO_SEED };
const DEMO_CODE = /^fs-demo\d+$/;

export interface DemoGateway {
  id: number;
  code: string;
  shedId: number | null;
  shedName: string | null;
  shedType: number | null;
  farmId: number | null;
  timeZone: string;
  createdAt: number;
}

/** The enabled demo gateways by code with their house and farm: the fleet's and the seeds' order. */
export async function demoGateways(db: Db): Promise<DemoGateway[]> {
  const rows = await db
    .select({
      id: gateways.id,
      code: gateways.code,
      shedId: gateways.shedId,
      shedName: sheds.shedName,
      shedType: sheds.shedType,
      farmId: gateways.farmId,
      timeZone: farms.timeZone,
      createdAt: gateways.createdAt,
    })
    .from(gateways)
    .innerJoin(tenants, eq(tenants.id, gateways.tenantId))
    .leftJoin(sheds, eq(sheds.id, gateways.shedId))
    .leftJoin(farms, eq(farms.id, gateways.farmId))
    .where(and(eq(tenants.name, DEMO_TENANT), eq(gateways.enabled, true)))
    .orderBy(gateways.code);
  return rows.filter((r) => DEMO_CODE.test(r.code)).map((r) => ({ ...r, timeZone: r.timeZone ?? 'UTC', createdAt: r.createdAt.getTime() }));
}

/** One shed model per demo gateway, in the order given. */
export function demoFleet(gateways: DemoGateway[], faults = true): ShedModel[] {
  if (gateways.length === 0) return [];
  const anchor = Math.min(...gateways.map((g) => g.createdAt));
  const zone = gateways[0]!.timeZone;
  let offset = 480;
  try {
    offset = Math.round(zoneOffsetMs(anchor, zone) / 60_000);
  } catch {
    // An unknown zone name: keep the demo farms' China time.
  }
  return buildFleet(
    gateways.map((g) => ({ code: g.code, shedType: g.shedType, farm: g.farmId })),
    { seed: DEMO_SEED, anchor, utcOffsetMinutes: offset, ...(faults ? {} : { faults: false }) },
  );
}

/** The demo gateways' models, as the live simulator runs them, each with its gateway id. */
export function demoSheds(gateways: DemoGateway[], faults = true): SimulatedShed[] {
  return demoFleet(gateways, faults).map((model, i) => ({ gatewayId: gateways[i]!.id, model }));
}

export interface DemoSimulator {
  runner: SimulatorRunner;
  sheds: SimulatedShed[];
  /** Stops the flock sync, then the gateways (each says `offline`). */
  stop(): Promise<void>;
}

/**
 * Runs the demo gateways live against the broker: models warmed up over the last hours, meters
 * continued from the latest stored readings (a cumulative meter never runs backwards). Poultry
 * houses follow the flock register (iot/flock-sync.ts) from before the warm-up on, re-read
 * every `flockSyncMs` (0: keep the simulator's own batch cycle).
 */
export async function startDemoSimulator(
  database: Database,
  connection: Connection,
  opts: { intervalS?: number; log?: (line: string) => void; faults?: boolean; flockSyncMs?: number } = {},
): Promise<DemoSimulator | null> {
  const gateways = await demoGateways(database.db);
  if (gateways.length === 0) return null;
  // The feeder main units with their feeders (feeders.ts of the simulator), beside the houses,
  // and the silo weighers, the feeder house's silo drawing what those feeders dispense.
  const concentrators = await demoConcentrators(database, DEMO_SEED);
  const scales = await demoScales(database, concentrators, DEMO_SEED);
  const sheds = demoSheds(gateways, opts.faults ?? true);
  const models = sheds.map((s) => s.model);
  const now = Date.now();
  const follow = opts.flockSyncMs !== 0;
  if (follow) {
    // Without the register the houses still run (on the built-in cycle): the demo must start.
    await syncFlocks(database, sheds, now).catch((err: unknown) =>
      opts.log?.(`flock sync failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
  const latest = await database.query<{ gateway_id: number; key: string; value: number }>(
    `SELECT gateway_id, key, value FROM telemetry_latest WHERE gateway_id = ANY($1::int[]) AND key IN ('water.1', 'elec.1')`,
    [gateways.map((g) => g.id)],
  );
  models.forEach((m, i) => {
    m.warmUp(now, 6, 120);
    const id = gateways[i]!.id;
    const water = latest.find((r) => r.gateway_id === id && r.key === 'water.1')?.value;
    const elec = latest.find((r) => r.gateway_id === id && r.key === 'elec.1')?.value;
    m.setMeters({ ...(water !== undefined ? { water: Number(water) } : {}), ...(elec !== undefined ? { elec: Number(elec) } : {}) });
  });
  const runner = new SimulatorRunner({
    connection,
    // The registry holds only hashes: the demo gateways sign in with the demo code (CONTRACT §5).
    gateways: [...models, ...concentrators, ...scales].map((model) => ({ model, password: DEMO_CHECK_CODE })),
    intervalS: opts.intervalS ?? 30,
    ...(opts.log ? { log: opts.log } : {}),
  });
  await runner.start();
  const flocks: FlockSync | null = follow
    ? startFlockSync(database, sheds, {
        ...(opts.flockSyncMs ? { intervalMs: opts.flockSyncMs } : {}),
        ...(opts.log ? { log: opts.log } : {}),
      })
    : null;
  return {
    runner,
    sheds,
    stop: async () => {
      await flocks?.stop();
      await runner.stop();
    },
  };
}
