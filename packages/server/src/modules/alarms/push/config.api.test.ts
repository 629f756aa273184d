import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType, type Page, type PhoneConfigRow, type PushStrategyRow } from '@farmsense/shared';
import { accounts, auditLog } from '../../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildTenant, call, tokenFor } from '../../../test/factories.js';

const STRATEGY = '/api/warning/push/strategy';
const PHONE = '/api/warning/push/phone';

describe(`push configuration (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let otherFarm: number;
  let keeper: number;
  let stranger: number;

  const strategy = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    farmId: farm,
    name: 'Night watch',
    levels: [1, 2],
    kinds: ['threshold', 'offline'],
    properties: ['temp', 'offline'],
    accountIds: [keeper],
    extraEmails: 'vet@example.com; Owner@Example.com;',
    language: 'en-us',
    methods: ['email', 'voice'],
    intervalMinutes: 10,
    sendDelaySec: 60,
    ...over,
  });
  const contact = (number: string, priority: number) => ({ name: `N${priority}`, number, priority });
  const phone = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    farmId: farm,
    callers: [contact('+8613900000001', 1)],
    callees: [contact('+8613900000002', 5), contact('+8613900000003', 9)],
    templateContent: 'Alarm at {{farm}} {{shed}}: {{alarms}}',
    language: 'zh-cn',
    intervalMinutes: 5,
    ...over,
  });
  const issues = (r: { data: unknown }): unknown => (r.data as { issues: unknown }).issues;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Push Agri', ['chicken']);
    farm = await buildFarm(db, tenant, 'Push Farm', 2);
    otherFarm = await buildFarm(db, tenant, 'Push Farm Two', 2);
    await buildAccount(db, { tenantId: tenant, accountCode: 'pu-admin', accountType: AccountType.TENANT_ADMIN });
    const role = await buildRole(db, tenant, 'Push policy', [{ code: 'pushmanagement.pushpolicyconfiguration', ops: ['view'] }]);
    keeper = await buildAccount(db, { tenantId: tenant, accountCode: 'pu-keeper', farmIds: [farm], roleIds: [role] });
    await db.update(accounts).set({ email: 'keeper@example.com', phoneNo: '13900000009' }).where(eq(accounts.id, keeper));
    stranger = await buildAccount(db, { tenantId: tenant, accountCode: 'pu-two', farmIds: [otherFarm], roleIds: [role] });
    const second = await buildTenant(db, 'Push Second', ['chicken']);
    await buildAccount(db, { tenantId: second, accountCode: 'pu-second', accountType: AccountType.TENANT_ADMIN });
    for (const a of ['pu-admin', 'pu-keeper', 'pu-two', 'pu-second']) tok[a] = await tokenFor(db, a);
  });
  afterAll(async () => ctx?.close());

  it("lists as people the accounts who can see the farm: the tenant's administrators and the farm's own; 10007 for a farm not the caller's", async () => {
    type Person = { id: number; name: string; email: string | null; phoneNo: string | null };
    const people = async (who: string, farmId: number | string) =>
      call<Person[]>(ctx, tok[who]!, 'GET', `/api/warning/push/people?farmId=${farmId}`);
    const first = await people('pu-admin', farm);
    expect(first.code).toBe(1);
    expect(first.data.map((p) => p.name)).toEqual(['Name of pu-admin', 'Name of pu-keeper']);
    expect(first.data[1]).toEqual({ id: keeper, name: 'Name of pu-keeper', email: 'keeper@example.com', phoneNo: '13900000009' });
    const second = await people('pu-two', otherFarm);
    expect(second.data.map((p) => p.id)).toEqual([expect.any(Number), stranger]);
    // The farm's people are exactly those a strategy may name: the other farm's account is refused.
    const refused = await call(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy({ accountIds: [stranger] }));
    expect([refused.code, issues(refused)]).toEqual([99996, [{ field: 'accountIds', key: 'validation.invalid' }]]);
    expect((await people('pu-keeper', otherFarm)).code).toBe(10007);
    expect((await people('pu-second', farm)).code).toBe(10007);
    expect((await people('pu-admin', 'lots')).code).toBe(99996);
    expect((await call(ctx, tok['pu-admin']!, 'GET', '/api/warning/push/people')).code).toBe(99996);
  });

  it('adds one strategy per farm (20029 for a second), reads, lists, edits and deletes it, audit-logged', async () => {
    const add = await call<{ id: number }>(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy());
    expect(add.code).toBe(1);
    const again = await call(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy({ name: 'Second' }));
    expect([again.code, again.data]).toEqual([20029, { field: 'farmId' }]);
    const detail = await call<PushStrategyRow>(ctx, tok['pu-keeper']!, 'GET', `${STRATEGY}/${add.data.id}`);
    expect(detail.data).toMatchObject({
      farmId: farm,
      farmName: 'Push Farm',
      levels: [1, 2],
      people: [{ id: keeper, name: 'Name of pu-keeper', email: 'keeper@example.com', phoneNo: '13900000009' }],
      extraEmails: ['vet@example.com', 'owner@example.com'],
      methods: ['email', 'voice'],
      enabled: true,
    });
    const edit = await call(ctx, tok['pu-admin']!, 'PUT', STRATEGY, {
      id: add.data.id,
      ...strategy({ farmId: undefined, enabled: false }),
    });
    expect(edit.code).toBe(1);
    const page = await call<Page<PushStrategyRow>>(ctx, tok['pu-admin']!, 'GET', `${STRATEGY}/page?farmId=${farm}`);
    expect([page.data.total, page.data.list[0]?.enabled]).toEqual([1, false]);
    // Moving a strategy to another farm is refused; the farm stays.
    const move = await call(ctx, tok['pu-admin']!, 'PUT', STRATEGY, { id: add.data.id, ...strategy({ farmId: otherFarm }) });
    expect(move.code).toBe(99996);
    expect((await call(ctx, tok['pu-admin']!, 'DELETE', `${STRATEGY}/${add.data.id}`)).code).toBe(1);
    expect((await call(ctx, tok['pu-admin']!, 'GET', `${STRATEGY}/${add.data.id}`)).code).toBe(30001);
    const logs = await ctx.database.db.select().from(auditLog);
    const writes = logs.filter((l) => l.action.startsWith('/api/warning/push/strategy') && l.method !== 'GET');
    expect(writes.map((l) => [l.method, l.module, l.outcome])).toContainEqual(['DELETE', 'pushmanagement', 'ok']);
  });

  it('refuses bad strategies with their codes', async () => {
    const bad = async (over: Record<string, unknown>): Promise<unknown> =>
      issues(await call(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy(over)));
    expect(await bad({ extraEmails: 'vet@example.com;not-an-email' })).toEqual([{ field: 'extraEmails.1', key: 'validation.email' }]);
    expect(await bad({ accountIds: [], extraEmails: '' })).toEqual([{ field: 'accountIds', key: 'validation.pushNoRecipient' }]);
    expect(await bad({ methods: [] })).toEqual([{ field: 'methods', key: 'validation.selectAtLeastOne' }]);
    expect(await bad({ methods: ['fax'] })).toEqual([{ field: 'methods.0', key: 'validation.invalid' }]);
    expect(await bad({ levels: [4] })).toEqual([{ field: 'levels.0', key: 'validation.invalid' }]);
    expect(await bad({ language: 'fr' })).toEqual([{ field: 'language', key: 'validation.invalid' }]);
    expect(await bad({ intervalMinutes: 0 })).toEqual([{ field: 'intervalMinutes', key: 'validation.positiveInteger' }]);
    expect(await bad({ sendDelaySec: -1 })).toEqual([{ field: 'sendDelaySec', key: 'validation.nonNegative' }]);
    expect(await bad({ name: 'x'.repeat(51) })).toEqual([{ field: 'name', key: 'validation.maxLength' }]);
    expect(await bad({ extraEmails: `${'a'.repeat(300)}@example.com` })).toEqual([{ field: 'extraEmails.0', key: 'validation.email' }]);
    // 10 MB of text is refused before it is read (21009).
    expect((await call(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy({ name: 'x'.repeat(10_000_000) }))).code).toBe(21009);
    expect(await bad({ colour: 'red' })).toEqual([{ field: 'colour', key: 'validation.unknownField' }]);
    // A person who does not work on the farm (another farm's account) is refused by the server.
    const outsider = await call(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy({ accountIds: [stranger] }));
    expect([outsider.code, issues(outsider)]).toEqual([99996, [{ field: 'accountIds', key: 'validation.invalid' }]]);
  });

  it('keeps strategies within the scope: another farm 10007, another tenant 10007/30001', async () => {
    expect((await call(ctx, tok['pu-two']!, 'POST', STRATEGY, strategy())).code).toBe(10007);
    expect((await call(ctx, tok['pu-second']!, 'POST', STRATEGY, strategy())).code).toBe(10007);
    const add = await call<{ id: number }>(ctx, tok['pu-admin']!, 'POST', STRATEGY, strategy());
    expect((await call(ctx, tok['pu-two']!, 'GET', `${STRATEGY}/${add.data.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['pu-second']!, 'DELETE', `${STRATEGY}/${add.data.id}`)).code).toBe(30001);
    const page = await call<Page<PushStrategyRow>>(ctx, tok['pu-two']!, 'GET', `${STRATEGY}/page`);
    expect(page.data.total).toBe(0);
  });

  it('adds one phone configuration per farm, callees by priority, and refuses SPEC §5 breaches', async () => {
    const add = await call<{ id: number }>(ctx, tok['pu-admin']!, 'POST', PHONE, phone());
    expect(add.code).toBe(1);
    expect((await call(ctx, tok['pu-admin']!, 'POST', PHONE, phone())).code).toBe(20029);
    const detail = await call<PhoneConfigRow>(ctx, tok['pu-admin']!, 'GET', `${PHONE}/${add.data.id}`);
    expect(detail.data.callees.map((c) => c.priority)).toEqual([9, 5]);
    const bad = async (over: Record<string, unknown>): Promise<unknown> =>
      issues(await call(ctx, tok['pu-admin']!, 'PUT', PHONE, { id: add.data.id, ...phone(over) }));
    expect(await bad({ callees: [contact('+8613900000002', 5)] })).toEqual([{ field: 'callees', key: 'validation.calleesMin' }]);
    expect(await bad({ callers: [] })).toEqual([{ field: 'callers', key: 'validation.callersMin' }]);
    expect(await bad({ callees: [contact('+8613900000002', 5), contact('+8613900000003', 5)] })).toEqual([
      { field: 'callees.1.priority', key: 'validation.priorityRepeated' },
    ]);
    expect(await bad({ callees: [contact('call me', 5), contact('+8613900000003', 6)] })).toEqual([
      { field: 'callees.0.number', key: 'validation.phone' },
    ]);
    expect(await bad({ templateContent: 'x'.repeat(501) })).toEqual([{ field: 'templateContent', key: 'validation.maxLength' }]);
    expect(await bad({ secret: 'x' })).toEqual([{ field: 'secret', key: 'validation.unknownField' }]);
    const edit = await call(ctx, tok['pu-admin']!, 'PUT', PHONE, { id: add.data.id, ...phone({ intervalMinutes: 15 }) });
    expect(edit.code).toBe(1);
    const page = await call<Page<PhoneConfigRow>>(ctx, tok['pu-keeper']!, 'GET', `${PHONE}/page`);
    expect(page.data.list.map((p) => p.intervalMinutes)).toEqual([15]);
    expect((await call(ctx, tok['pu-two']!, 'PUT', PHONE, { id: add.data.id, ...phone() })).code).toBe(30001);
    expect((await call(ctx, tok['pu-admin']!, 'DELETE', `${PHONE}/${add.data.id}`)).code).toBe(1);
  });
});
