import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, appByCode, ErrorCodes, isAdministration } from '@farmsense/shared';
import { accounts } from '../db/tables.js';
import { loadAccess } from '../lib/access.js';
import { tokenFor } from '../test/factories.js';
import { TEST_DB } from '../test/harness.js';
import { PUBLIC_ROUTES } from './allow-lists.js';
import { routeCodes, securityWorld, type RouteInfo, type SecurityWorld } from './world.js';
import { buildRequest, send } from './requests.js';

/**
 * Issue 16, defect 2: the demo's ordinary accounts `pig` and `chicken` are farm workers. The
 * route table decides, route by route, what is administration: a route whose every application
 * code is administration (or platform) is refused to them with 10009. A read may serve worker and
 * administration screens alike (the connection screen lists the controllers the registry
 * manages); a write that does fails here until it is split, so a new route is classified the
 * moment it is registered.
 */
const administrative = (code: string): boolean => isAdministration(code) || appByCode(code)?.scope === 'platform';

function classify(r: RouteInfo): 'administration' | 'work' | 'mixed' | 'session' {
  const codes = routeCodes(r.config);
  if (codes.length === 0) return 'session';
  const admin = codes.filter(administrative).length;
  return admin === codes.length ? 'administration' : admin === 0 ? 'work' : 'mixed';
}

describe(`least privilege of the demo workers (${TEST_DB})`, () => {
  let w: SecurityWorld;
  let tokens: Record<'pig' | 'chicken', string>;

  beforeAll(async () => {
    w = await securityWorld();
    tokens = { pig: await tokenFor(w.ctx.database.db, 'pig'), chicken: await tokenFor(w.ctx.database.db, 'chicken') };
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  it('classifies every route of the table; no write serves administration and worker screens at once', () => {
    const read = (r: RouteInfo): boolean => r.method === 'GET' || r.config.readOnly === true;
    const mixed = w.routes.filter((r) => !PUBLIC_ROUTES.has(r.key) && classify(r) === 'mixed' && !read(r)).map((r) => r.key);
    expect(mixed).toEqual([]);
    const admin = w.routes.filter((r) => classify(r) === 'administration').map((r) => r.key);
    // Account list and add, role add, farm add, controller add, the tenant operation log.
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/breedpigaccount/account/list',
        'POST /api/breedpigaccount/account/add',
        'POST /api/accountauth/roleInfo',
        'PUT /api/accountauth/roleInfo',
        'POST /api/accountauth/operateAuth/bind',
        'POST /api/breedpigbuilding/farmInfo/add',
        'POST /api/breedpigdevice/controller/add',
        'POST /api/breedpigbuilding/operationLog/page',
      ]),
    );
    expect(admin.length).toBeGreaterThan(20);
  });

  for (const who of ['pig', 'chicken'] as const) {
    it(`${who}: every administration route answers 10009`, async () => {
      const failures: string[] = [];
      for (const route of w.routes.filter((r) => classify(r) === 'administration')) {
        const answer = await send(w.ctx, tokens[who], buildRequest(w, route));
        if (answer.code !== ErrorCodes.NO_PERMISSION) failures.push(`${route.key} -> ${answer.status} ${answer.code}`);
      }
      expect(failures).toEqual([]);
    });

    it(`${who}: holds its farm's screens and no administration function`, async () => {
      const [row] = await w.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, who));
      const access = await loadAccess(w.ctx.database.db, {
        id: row!.id,
        tenantId: w.demo.tenant,
        accountType: AccountType.TENANT_ORDINARY,
      });
      expect([...access.codes].filter(administrative)).toEqual([]);
      const mine = who === 'pig' ? ['pig.overview.shed', 'pig.env1.temp.mor'] : ['ci18.overview.shed', 'prod-data-input.flock'];
      for (const code of mine) expect(access.codes).toContain(code);
      expect(access.farmIds).toEqual([who === 'pig' ? w.demo.pigFarm : w.demo.poultryFarm]);
    });
  }
});
