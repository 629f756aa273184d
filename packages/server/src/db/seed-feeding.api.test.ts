import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { seedFeeds } from './seed-feeding.js';

/** Demo feeding: the feed catalogue of the demo tenant matches its farms (pig and poultry), once. */
describe(`demo feeding (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => ctx.database.query<T>(sql, params);

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('seeds feed types and feeds for each demo farm type, once', async () => {
    const rows = await q<{ animal_type: number; types: number; feeds: number }>(
      `SELECT i.animal_type, count(DISTINCT t.id)::int AS types, count(i.id)::int AS feeds
         FROM feed_types t JOIN feed_infos i ON i.type_id = t.id JOIN tenants n ON n.id = t.tenant_id
        WHERE n.name = 'Demo Agri Group' GROUP BY i.animal_type ORDER BY i.animal_type`,
    );
    expect(rows).toEqual([
      { animal_type: 1, types: 3, feeds: 5 },
      { animal_type: 2, types: 2, feeds: 4 },
    ]);
    const farmTypes = await q<{ type: number }>(
      `SELECT DISTINCT f.type FROM farms f JOIN tenants n ON n.id = f.tenant_id WHERE n.name = 'Demo Agri Group' ORDER BY 1`,
    );
    expect(farmTypes.map((f) => f.type)).toEqual(rows.map((r) => r.animal_type));
    expect(await seedFeeds(ctx.database.db)).toBe(false);
  });
});
