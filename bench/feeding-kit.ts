import { AccountType } from '@farmsense/shared';
import { eq } from 'drizzle-orm';
import { FeedConcentratorModel, type FeederAddress } from '../packages/simulator/src/index.js';
import type { Database } from '../packages/server/src/db/client.js';
import { accounts, feedDevices, feedInfos, feedTypes, gateways, pens } from '../packages/server/src/db/tables.js';
import { hashCheckCode } from '../packages/server/src/lib/check-codes.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { buildAccount, buildFarm, buildShed, buildTenant, tokenFor } from '../packages/server/src/test/factories.js';

/**
 * The feeding benchmark's world (bench/feeding.bench.ts): one farm (Asia/Shanghai, the default)
 * with one sow house of FEEDERS pens, a feeder per pen, under concentrators (feeder main units,
 * gateway type 102) of FEEDERS_PER_UNIT feeders each on collectors of FEEDERS_PER_COLLECTOR
 * (the hierarchy of feeding/devices.ts: concentrator -> collector -> feeder), a feed, and a
 * tenant administrator; and the simulator's concentrators for those gateways.
 */
export const CHECK_CODE = 'bench-check';
export const SAFE_CODE = '135790';
const FEEDERS_PER_UNIT = 200;
const FEEDERS_PER_COLLECTOR = 50;
const PENS_PER_ROW = 50;
/** Asia/Shanghai, the farms' default time zone. */
export const FARM_UTC_OFFSET_MINUTES = 480;

export interface FeedWorld {
  tenantId: number;
  farmId: number;
  shedId: number;
  feedId: number;
  token: string;
  gatewayIds: number[];
  units: { code: string; feeders: FeederAddress[] }[];
  feederCount: number;
}

const chunk = <T>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export async function seedFeedWorld(database: Database, feeders: number): Promise<FeedWorld> {
  const { db } = database;
  const tenantId = await buildTenant(db, 'Feeding Bench', ['pig']);
  const farmId = await buildFarm(db, tenantId, 'Feeding Bench Farm', 1);
  const shedId = await buildShed(db, tenantId, farmId, { shedName: 'Gestation 1', shedType: 1 });
  const penIds: number[] = [];
  for (const part of chunk(
    Array.from({ length: feeders }, (_, i) => i),
    1000,
  )) {
    const rows = await db
      .insert(pens)
      .values(part.map((i) => ({ tenantId, shedId, fieldColumn: (i % PENS_PER_ROW) + 1, field: Math.floor(i / PENS_PER_ROW) + 1 })))
      .returning({ id: pens.id });
    penIds.push(...rows.map((r) => r.id));
  }
  const checkCode = await hashCheckCode(CHECK_CODE);
  const at = { tenantId, farmId, shedId };
  const units: FeedWorld['units'] = [];
  const gatewayIds: number[] = [];
  const penGroups = chunk(penIds, FEEDERS_PER_UNIT);
  for (const [u, unitPens] of penGroups.entries()) {
    const code = `fs-feedbench${String(u + 1).padStart(3, '0')}`;
    const [gw] = await db
      .insert(gateways)
      .values({ tenantId, farmId, shedId, code, name: code, gatewayType: 102, checkCode })
      .returning({ id: gateways.id });
    gatewayIds.push(gw!.id);
    const [jzq] = await db
      .insert(feedDevices)
      .values({ ...at, kind: 'concentrator', gatewayId: gw!.id, deviceNo: `${code}-J`, name: `Concentrator ${u + 1}` })
      .returning({ id: feedDevices.id });
    const addresses: FeederAddress[] = [];
    for (const [c, collectorPens] of chunk(unitPens, FEEDERS_PER_COLLECTOR).entries()) {
      const collector = String(c + 1).padStart(2, '0');
      const [cjq] = await db
        .insert(feedDevices)
        .values({ ...at, kind: 'collector', parentId: jzq!.id, deviceNo: collector, name: `Collector ${u + 1}-${collector}` })
        .returning({ id: feedDevices.id });
      const rows = collectorPens.map((penId, i) => ({
        ...at,
        kind: 'feeder',
        parentId: cjq!.id,
        penId,
        deviceNo: String(i + 1).padStart(3, '0'),
        name: `Feeder ${u + 1}-${collector}-${i + 1}`,
        amountPerFeed: 300,
        intervalMinutes: 30,
      }));
      await db.insert(feedDevices).values(rows);
      addresses.push(...rows.map((r) => ({ collector, feeder: r.deviceNo })));
    }
    units.push({ code, feeders: addresses });
  }
  const [type] = await db.insert(feedTypes).values({ tenantId, name: 'Sow feed' }).returning({ id: feedTypes.id });
  const [feed] = await db
    .insert(feedInfos)
    .values({ tenantId, typeId: type!.id, name: 'Gestation', batch: 'G1', weight: 40, unit: 'kg', animalType: 1 })
    .returning({ id: feedInfos.id });
  const admin = 'feeding-bench-admin';
  const accountId = await buildAccount(db, { tenantId, accountCode: admin, accountType: AccountType.TENANT_ADMIN });
  await db
    .update(accounts)
    .set({ secureHash: await hashPassword(SAFE_CODE) })
    .where(eq(accounts.id, accountId));
  return { tenantId, farmId, shedId, feedId: feed!.id, token: await tokenFor(db, admin), gatewayIds, units, feederCount: feeders };
}

/** The simulator's concentrators of the world (each answers setRation with an ack). */
export function concentrators(w: FeedWorld): FeedConcentratorModel[] {
  return w.units.map(
    (u, i) => new FeedConcentratorModel({ code: u.code, seed: 15 + i, utcOffsetMinutes: FARM_UTC_OFFSET_MINUTES, feeders: u.feeders }),
  );
}

/** A plan of three age stages and four meals for the whole house (every feeder). */
export const benchPlan = (w: FeedWorld) => ({
  farmId: w.farmId,
  shedId: w.shedId,
  penIds: [],
  name: 'Gestation bench',
  totalDays: 30,
  splitPoints: [1, 10, 11, 20, 21, 30],
  stages: [
    { startDay: 1, endDay: 10, feedId: w.feedId, dailyAmount: 2500 },
    { startDay: 11, endDay: 20, feedId: w.feedId, dailyAmount: 3000 },
    { startDay: 21, endDay: 30, feedId: w.feedId, dailyAmount: 3500 },
  ],
  meals: [
    { startMinute: 360, endMinute: 420, share: 30 },
    { startMinute: 660, endMinute: 720, share: 20 },
    { startMinute: 960, endMinute: 1020, share: 30 },
    { startMinute: 1200, endMinute: 1260, share: 20 },
  ],
  dispatchMode: 'immediate',
});

/**
 * `records` stored feeder-days before today (the newest first, every feeder the same days): per
 * feeder and day a `feederFeed.n` and a `feederRation.n` row of the daily rollup, a
 * `feederState.n` of 2 on about one day in thirty (a sow off her feed), in one INSERT ... SELECT
 * over generate_series per block of days. Returns the number of days.
 */
export async function storeFeederDays(database: Database, w: FeedWorld, records: number, log: (s: string) => void): Promise<number> {
  const days = Math.max(1, Math.ceil(records / w.feederCount));
  const block = Math.max(1, Math.floor(1_000_000 / w.feederCount));
  const started = Date.now();
  for (let from = 1; from <= days; from += block) {
    const to = Math.min(days, from + block - 1);
    await database.query(
      `INSERT INTO telemetry_daily (gateway_id, key, bucket, min, max, sum, count)
       SELECT f.gateway_id, k.name || '.' || f.feeder_id, b.bucket, v.value, v.value, v.value, 1
         FROM generate_series($1::int, $2::int) AS d(n)
         CROSS JOIN LATERAL (SELECT date_trunc('day', now(), 'Asia/Shanghai') - make_interval(secs => d.n * 86400) AS bucket) b
         CROSS JOIN (SELECT s.id AS feeder_id, j.gateway_id FROM feed_devices s
                       JOIN feed_devices c ON c.id = s.parent_id JOIN feed_devices j ON j.id = c.parent_id
                      WHERE s.kind = 'feeder' AND s.shed_id = $3::int) f
         CROSS JOIN (VALUES ('feederRation'), ('feederFeed'), ('feederState')) AS k(name)
         CROSS JOIN LATERAL (SELECT CASE k.name
             WHEN 'feederRation' THEN 3000
             WHEN 'feederFeed' THEN 2700 + ((f.feeder_id * 7919 + d.n * 104729) % 600)
             ELSE 2 END::double precision AS value) v
        WHERE k.name <> 'feederState' OR (f.feeder_id + d.n) % 30 = 0
       ON CONFLICT DO NOTHING`,
      [from, to, w.shedId],
    );
    if (to === days || (to / block) % 10 === 0) {
      log(
        `  stored ${(to * w.feederCount).toLocaleString('en')} of ${(days * w.feederCount).toLocaleString('en')} feeder-days (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  await database.query('ANALYZE telemetry_daily');
  return days;
}
