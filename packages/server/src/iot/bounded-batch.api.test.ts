import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import type { DeviceInfo } from './devices.js';
import { Ingest } from './ingest.js';
import { addGateway, newCode, quietLog } from './testkit.js';

/**
 * Write batches are bounded (issue 19): what arrives while a lane is writing goes out in
 * statements of at most `maxRows` readings, each acknowledged when its own statement commits.
 */
describe(`ingest statements of bounded size (${TEST_DB})`, () => {
  let ctx: TestContext;
  let device: DeviceInfo;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const tenantId = await buildTenant(ctx.database.db, 'Bounded Tenant');
    const code = newCode('bb');
    const id = await addGateway(ctx.database, { tenantId, code });
    device = { id, code, tenantId, farmId: null, shedId: null, checkCode: '', enabled: true, timeZone: 'UTC' };
  });
  afterAll(async () => ctx?.close());

  it('writes a backlog in statements of at most maxRows readings, and stores every reading once', async () => {
    const sizes: number[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const database: Database = {
      ...ctx.database,
      async ingestQuery<T>(text: string, params?: unknown[]): Promise<T[]> {
        sizes.push((params![1] as string[]).length);
        await gate;
        return ctx.database.ingestQuery<T>(text, params);
      },
    };
    const ingest = new Ingest(database, { log: quietLog, lanes: 1, maxRows: 50, lingerMs: 1 });
    await ingest.start();
    const t0 = Date.UTC(2026, 3, 1);
    const values = (i: number) => Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`temp.${k + 1}`, 20 + i / 100]));
    const acks: number[] = [];
    // The fifth message fills a statement (50 readings) that waits at the gate; 35 more pile up behind it.
    const done = Array.from({ length: 40 }, (_, i) =>
      ingest.handle(device, JSON.stringify({ ts: t0 + i * 1000, values: values(i) })).then(() => void acks.push(i)),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(sizes).toEqual([50]);
    open();
    await Promise.all(done);
    await ingest.stop();
    // The 350 waiting readings go in statements of 50 (five messages of ten), never one of 350.
    expect(sizes).toEqual([50, 50, 50, 50, 50, 50, 50, 50]);
    expect(acks).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const [row] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry WHERE gateway_id = $1', [device.id]);
    expect(row!.n).toBe(400);
  });
});
