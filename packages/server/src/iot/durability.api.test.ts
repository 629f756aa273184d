import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import { startIot, type IotLink } from './link.js';
import { addGateway, connected, deviceClient, flakyDatabase, newCode, quietLog, sleep, telemetry, terminateBackends } from './testkit.js';

/**
 * "A database restart mid-stream: no acknowledged reading lost". On PostgreSQL every connection
 * of the pool is terminated several times while a device streams; on PGlite (one in-process
 * connection that cannot restart) queries fail for a while instead. Every reading whose PUBACK
 * the device received must be in the history afterwards, exactly once.
 */
describe(`ingest through a database outage (${TEST_DB})`, () => {
  let ctx: TestContext;
  let link: IotLink;
  let tenantId: number;
  const flaky = { db: null as ReturnType<typeof flakyDatabase> | null };

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    tenantId = await buildTenant(ctx.database.db, 'Outage Tenant');
    flaky.db = flakyDatabase(ctx.database);
    link = await startIot({ config: ctx.config, database: flaky.db }, quietLog, { tcpPort: null, lingerMs: 5 });
  });
  afterAll(async () => {
    await link.stop();
    await ctx.close();
  });

  it('loses no acknowledged reading and stores none twice', { timeout: 60_000 }, async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = deviceClient(link, { username: code, password: 'secret' });
    await connected(c);
    const t0 = Date.UTC(2026, 2, 1);
    const acked: number[] = [];
    const sent: Promise<void>[] = [];
    const errorsBefore = link.ingest.counters.dbErrors;
    // A kill that lands between batches only drops idle connections: keep streaming (and killing)
    // past the first 300 readings until an outage has really hit a write, within 20 s.
    const deadline = Date.now() + 20_000;
    let total = 0;
    for (let i = 0; i < 300 || (link.ingest.counters.dbErrors === errorsBefore && Date.now() < deadline); i++) {
      const ts = t0 + i * 1_000;
      sent.push(
        c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'temp.1': i, 'rh.1': 50 }, i), { qos: 1 }).then(() => {
          acked.push(ts);
        }),
      );
      total = i + 1;
      if (i % 75 === 40) {
        if (TEST_DB === 'postgres') {
          await terminateBackends(ctx.database);
        } else {
          flaky.db!.down = true;
          setTimeout(() => (flaky.db!.down = false), 300);
        }
      }
      if (i % 10 === 0) await sleep(5);
    }
    await Promise.all(sent);
    c.end(true);

    expect(link.ingest.counters.dbErrors).toBeGreaterThan(errorsBefore);
    expect(acked).toHaveLength(total);
    const stored = await ctx.database.query<{ ms: number; n: number }>(
      `SELECT (extract(epoch FROM ts) * 1000)::float8 AS ms, count(*)::int AS n FROM telemetry
        WHERE gateway_id = $1 GROUP BY ts ORDER BY ts`,
      [id],
    );
    const byTs = new Map(stored.map((r) => [Math.round(r.ms), r.n]));
    for (const ts of acked) expect(byTs.get(ts)).toBe(2);
    expect(stored).toHaveLength(total);
    const [hourly] = await ctx.database.query<{ n: number }>(`SELECT sum(count)::int AS n FROM telemetry_hourly WHERE gateway_id = $1`, [
      id,
    ]);
    expect(hourly!.n).toBe(total * 2);
  });
});
