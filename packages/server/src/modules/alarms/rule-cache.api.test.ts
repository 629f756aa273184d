import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, type AlarmRow, type Page } from '@farmsense/shared';
import { addGateway, newCode, waitFor } from '../../iot/testkit.js';
import { buildAccount, buildFarm, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { hotRule } from './alarms.fixtures.js';
import { evaluateReadings, type GatewayRef } from './evaluate.js';

const MIN = 60_000;

/**
 * The rules of each shed are kept between batches (rule-cache.ts): a rule written through the API
 * applies to the next reading, here and on a second server; a change behind the API waits for a drop.
 */
describe(`alarm rules kept between batches (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let gw: GatewayRef;
  let ruleId: number;
  let groupId: number;
  const t0 = Date.now() - 60 * MIN;
  let minute = 0;

  /** Evaluates one temperature reading a minute after the last one; answers whether the alarm is live after it. */
  const reading = async (app: TestContext, value: number): Promise<boolean> => {
    minute += 1;
    await evaluateReadings(app.deps, gw, [{ ts: t0 + minute * MIN, values: { 'temp.1': value } }]);
    const page = await call<Page<AlarmRow>>(ctx, token, 'GET', `/api/warning/record/page?farmId=${gw.farmId}`);
    return page.data.list.some((a) => a.active);
  };
  const limit = (high: number, over: Record<string, unknown> = {}) => limitOn(ctx, high, over);
  /**
   * A write through one server's API, then a wait until this server has dropped its caches for it: at
   * once for its own write, and on PostgreSQL also when the write's NOTIFY is heard (on its own
   * connection, late under load). Every write of this file goes through here, so no drop is still on
   * its way when a reading keeps the rules.
   */
  const write = async <T = unknown>(app: TestContext, method: 'POST' | 'PUT', path: string, body: object) => {
    const before = ctx.deps.sessions.generation;
    const answer = await call<T>(app, token, method, path, body);
    const drops = (app === ctx ? 1 : 0) + (TEST_DB === 'postgres' ? 1 : 0);
    if (answer.code === 1) await waitFor(() => ctx.deps.sessions.generation >= before + drops);
    return answer;
  };
  const limitOn = (app: TestContext, high: number, over: Record<string, unknown> = {}) =>
    write(app, 'PUT', '/api/warning/rule', { id: ruleId, groupId, ...hotRule(high), ...over });

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Rule Cache', ['pig']);
    const farm = await buildFarm(db, tenant, 'Cache Farm', 1);
    const shed = await buildShed(db, tenant, farm, { shedName: 'Cache House', shedType: 3 });
    await buildAccount(db, { tenantId: tenant, accountCode: 'rc-admin', accountType: AccountType.TENANT_ADMIN });
    token = await tokenFor(db, 'rc-admin');
    groupId = (await write<{ id: number }>(ctx, 'POST', '/api/warning/ruleGroup', { farmId: farm, shedType: 3, name: 'Sows' })).data.id;
    const added = await write<{ id: number }>(ctx, 'POST', '/api/warning/rule', { groupId, ...hotRule(30) });
    expect(added.code).toBe(1);
    ruleId = added.data.id;
    const code = newCode('rc');
    const id = await addGateway(ctx.database, { tenantId: tenant, code, farmId: farm, shedId: shed });
    gw = { id, code, tenantId: tenant, farmId: farm, shedId: shed, timeZone: 'UTC' };
  });
  afterAll(async () => ctx?.close());

  it('applies a rule edited through the API to the next reading', async () => {
    expect(await reading(ctx, 31)).toBe(true);
    expect(await reading(ctx, 25)).toBe(false);
    expect((await limit(20)).code).toBe(1);
    expect(await reading(ctx, 25)).toBe(true);
  });

  it('keeps the rules between batches: a change behind the API is seen after a drop', async () => {
    // The live alarm above holds at 25 > 20. Raised to 50 in the database behind the API ...
    await ctx.database.query(`UPDATE alarm_rule_stages SET high = 50 WHERE rule_id = $1`, [ruleId]);
    // ... the kept rule (limit 20) still judges 30 a breach ...
    expect(await reading(ctx, 30)).toBe(true);
    // ... until the caches are dropped, as a write through the API does.
    ctx.deps.sessions.drop();
    expect(await reading(ctx, 30)).toBe(false);
    expect((await limit(30)).code).toBe(1);
  });

  it('hears a rule disabled through the API of the other server', async () => {
    expect(await reading(ctx, 31)).toBe(true);
    expect(await reading(ctx, 29)).toBe(false);
    const other = TEST_DB === 'postgres' ? await createTestApp({ sameDatabaseAs: ctx }) : ctx;
    try {
      // limitOn waits until the other server's NOTIFY has dropped this server's rules.
      expect((await limitOn(other, 30, { enabled: false })).code).toBe(1);
      expect(await reading(ctx, 35)).toBe(false);
    } finally {
      if (other !== ctx) await other.close();
    }
  });
});
