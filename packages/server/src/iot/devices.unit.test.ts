import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { DeviceCache, type DeviceInfo } from './devices.js';

/** A registry of `fs-g1` .. `fs-g2000` behind a query function that counts its statements. */
function registry() {
  const statements: string[][] = [];
  let failNext = false;
  const query = async (sql: string, params: unknown[] = []): Promise<unknown[]> => {
    await new Promise((r) => setTimeout(r, 1));
    if (sql.includes('pg_timezone_names')) return [{ name: 'UTC' }, { name: 'Asia/Shanghai' }];
    const codes = params[0] as string[];
    statements.push(codes);
    if (failNext) {
      failNext = false;
      throw new Error('connection lost');
    }
    return codes
      .filter((c) => /^fs-g\d+$/.test(c) && Number(c.slice(4)) <= 2000)
      .map((c) => ({
        id: Number(c.slice(4)),
        code: c,
        tenant_id: 1,
        farm_id: 2,
        shed_id: 3,
        check_code: 'hash',
        enabled: true,
        time_zone: 'Asia/Shanghai',
      }));
  };
  const database = { query } as unknown as Database;
  return { database, statements, failOnce: () => (failNext = true) };
}

const info = (id: number): DeviceInfo => ({
  id,
  code: `fs-g${id}`,
  tenantId: 1,
  farmId: 2,
  shedId: 3,
  checkCode: 'hash',
  enabled: true,
  timeZone: 'Asia/Shanghai',
});

describe('gateway registry cache', () => {
  it('reads a thousand gateways connecting at once in one statement', async () => {
    const { database, statements } = registry();
    const cache = new DeviceCache(database);
    const codes = Array.from({ length: 1000 }, (_, i) => `fs-g${i + 1}`);
    const found = await Promise.all([...codes, 'fs-unknown', 'not a code', 'fs-g1'].map((c) => cache.get(c)));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toHaveLength(1001); // the malformed code is never asked for, fs-g1 once
    expect(found[0]).toEqual(info(1));
    expect(found[999]).toEqual(info(1000));
    expect(found.slice(1000)).toEqual([null, null, info(1)]);
    // Cached: no statement for a second lookup, and by id without any.
    expect(await cache.get('fs-g500')).toEqual(info(500));
    expect(cache.known(500)).toEqual(info(500));
    expect(statements).toHaveLength(1);
  });

  it('gathers the background refresh of stale gateways into one statement', async () => {
    const { database, statements } = registry();
    const cache = new DeviceCache(database, 20, 1, 30);
    await Promise.all(Array.from({ length: 200 }, (_, i) => cache.get(`fs-g${i + 1}`)));
    expect(statements).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 25));
    // Every gateway reports once after its entry went stale: answered at once from what is cached.
    for (let i = 1; i <= 200; i++) expect(cache.current(`fs-g${i}`, info(9999))).toEqual(info(i));
    await new Promise((r) => setTimeout(r, 60));
    expect(statements).toHaveLength(2);
    expect(statements[1]).toHaveLength(200);
  });

  it('answers a connect at once when a slow refresh is queued, and hands a failure to every waiting caller', async () => {
    const { database, statements, failOnce } = registry();
    const cache = new DeviceCache(database, 5_000, 1, 10_000);
    void cache.current('fs-g7', info(7)); // a refresh that would wait 10 s
    const t = Date.now();
    expect(await cache.get('fs-g8')).toEqual(info(8));
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(statements).toEqual([['fs-g7', 'fs-g8']]);
    failOnce();
    const results = await Promise.allSettled([cache.get('fs-g9'), cache.get('fs-g10')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // Nothing was cached from the failure: the next lookup reads again.
    expect(await cache.get('fs-g9')).toEqual(info(9));
  });
});
