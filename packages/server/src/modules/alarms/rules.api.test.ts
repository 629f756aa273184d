import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRuleRow, Page, RuleGroupRow } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, buildTenant, call, tenantAccounts } from '../../test/factories.js';

const GROUP = '/api/warning/ruleGroup';
const RULE = '/api/warning/rule';

describe(`alarm rules (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let otherFarm: number;
  let group: number;

  const hot = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    groupId: group,
    name: 'Too hot',
    level: 1,
    message: 'House {shed} is too hot',
    kind: 'threshold',
    property: 'temp',
    operator: 'gt',
    durationSec: 300,
    deadband: 1,
    stages: [
      { fromDay: 0, toDay: 7, high: 35 },
      { fromDay: 8, toDay: 9999, limitKind: 'relative', low: null, high: 3 },
    ],
    ...over,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Alarm Agri', ['chicken']);
    farm = await buildFarm(db, tenant, 'Alarm Farm', 2);
    otherFarm = await buildFarm(db, tenant, 'Alarm Farm Two', 2);
    const limited = [
      { suffix: 'two', role: 'Alarm rules', code: 'warningmanagement.warningconfiguration', farm: otherFarm },
      { suffix: 'rec', role: 'Alarm records', code: 'warningmanagement.warningrecord', farm },
    ];
    Object.assign(tok, await tenantAccounts(db, { tenant, name: 'Alarm', prefix: 'al', modules: ['chicken'], limited }));
  });
  afterAll(async () => ctx?.close());

  it('adds a group per farm and shed type; a used name is 10010, a pig house type in a poultry farm 20023', async () => {
    const add = await call<{ id: number }>(ctx, tok['al-admin']!, 'POST', GROUP, { farmId: farm, shedType: 1001, name: 'Broilers' });
    expect(add.code).toBe(1);
    group = add.data.id;
    const dup = await call(ctx, tok['al-admin']!, 'POST', GROUP, { farmId: farm, shedType: 1002, name: 'Broilers' });
    expect([dup.code, dup.data]).toEqual([10010, { field: 'name' }]);
    expect((await call(ctx, tok['al-admin']!, 'POST', GROUP, { farmId: farm, shedType: 3, name: 'Sows' })).code).toBe(20023);
    expect((await call(ctx, tok['al-admin']!, 'POST', GROUP, { farmId: farm, shedType: 1001, name: 'X', color: 'red' })).code).toBe(99996);
    // Another farm's account may not add to this farm, nor see the group.
    expect((await call(ctx, tok['al-two']!, 'POST', GROUP, { farmId: farm, shedType: 1001, name: 'Mine' })).code).toBe(10007);
    const page = await call<Page<RuleGroupRow>>(ctx, tok['al-two']!, 'GET', `${GROUP}/page`);
    expect(page.data.total).toBe(0);
    expect((await call(ctx, tok['al-two']!, 'PUT', GROUP, { id: group, name: 'Stolen' })).code).toBe(30001);
    expect((await call(ctx, tok['al-second']!, 'DELETE', `${GROUP}/${group}`)).code).toBe(30001);
    // The records screen's function does not open the rules screen.
    expect((await call(ctx, tok['al-rec']!, 'GET', `${GROUP}/page`)).code).toBe(10009);
  });

  it('adds, reads, lists, edits and deletes a threshold rule with its stages', async () => {
    const add = await call<{ id: number }>(ctx, tok['al-admin']!, 'POST', RULE, hot());
    expect(add.code).toBe(1);
    const detail = await call<AlarmRuleRow>(ctx, tok['al-admin']!, 'GET', `${RULE}/${add.data.id}`);
    expect(detail.data).toMatchObject({
      groupId: group,
      groupName: 'Broilers',
      farmId: farm,
      shedType: 1001,
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      durationSec: 300,
      deadband: 1,
      noDataMinutes: null,
      stages: [
        { fromDay: 0, toDay: 7, limitKind: 'absolute', low: null, high: 35 },
        { fromDay: 8, toDay: 9999, limitKind: 'relative', low: null, high: 3 },
      ],
    });
    const upd = await call(ctx, tok['al-admin']!, 'PUT', RULE, {
      ...hot({ name: 'Hot', stages: [{ fromDay: 0, toDay: 9999, high: 30 }] }),
      id: add.data.id,
    });
    expect(upd.code).toBe(1);
    const page = await call<Page<AlarmRuleRow>>(ctx, tok['al-admin']!, 'GET', `${RULE}/page?farmId=${farm}&kind=threshold`);
    expect(page.data.list.map((r) => [r.name, r.stages.length])).toEqual([['Hot', 1]]);
    const groups = await call<Page<RuleGroupRow>>(ctx, tok['al-admin']!, 'GET', `${GROUP}/page?farmId=${farm}`);
    expect(groups.data.list.map((g) => [g.name, g.ruleCount])).toEqual([['Broilers', 1]]);
    expect((await call(ctx, tok['al-two']!, 'GET', `${RULE}/${add.data.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['al-second']!, 'DELETE', `${RULE}/${add.data.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['al-admin']!, 'DELETE', `${RULE}/${add.data.id}`)).code).toBe(1);
    expect((await call(ctx, tok['al-admin']!, 'GET', `${RULE}/${add.data.id}`)).code).toBe(30001);
  });

  it('adds no-data and offline rules', async () => {
    const nd = await call<{ id: number }>(ctx, tok['al-admin']!, 'POST', RULE, {
      groupId: group,
      name: 'Silent sensor',
      level: 2,
      message: 'No temperature',
      kind: 'noData',
      property: 'temp.1',
      noDataMinutes: 10,
    });
    expect(nd.code).toBe(1);
    const off = await call<{ id: number }>(ctx, tok['al-admin']!, 'POST', RULE, {
      groupId: group,
      name: 'Offline',
      level: 1,
      message: 'Offline',
      kind: 'offline',
      durationSec: 120,
    });
    expect(off.code).toBe(1);
    const row = await call<AlarmRuleRow>(ctx, tok['al-admin']!, 'GET', `${RULE}/${off.data.id}`);
    expect([row.data.property, row.data.operator, row.data.durationSec, row.data.stages]).toEqual(['offline', null, 120, []]);
    // Fields of another kind are unknown fields.
    expect((await call(ctx, tok['al-admin']!, 'POST', RULE, { ...hot(), kind: 'offline' })).code).toBe(99996);
  });

  it('answers every bad input with its code', async () => {
    const bad = async (body: unknown): Promise<[number, unknown]> => {
      const r = await call(ctx, tok['al-admin']!, 'POST', RULE, body);
      return [r.code, r.data];
    };
    // Overlapping stages (a shared day), from after to.
    expect(
      await bad(
        hot({
          stages: [
            { fromDay: 0, toDay: 7, high: 35 },
            { fromDay: 7, toDay: 14, high: 30 },
          ],
        }),
      ),
    ).toEqual([20028, { field: 'stages', index: 1 }]);
    expect(await bad(hot({ stages: [{ fromDay: 9, toDay: 3, high: 35 }] }))).toEqual([20027, { field: 'stages', index: 0 }]);
    // Empty stages, a band upside down, a missing limit.
    expect((await bad(hot({ stages: [] })))[0]).toBe(99996);
    expect((await bad(hot({ operator: 'outside', stages: [{ fromDay: 0, toDay: 1, low: 30, high: 20 }] })))[0]).toBe(99996);
    expect((await bad(hot({ stages: [{ fromDay: 0, toDay: 1, low: 3 }] })))[0]).toBe(99996);
    // Unknown keys (property), unknown fields, unknown kind, level, operator; text too long; not numbers.
    for (const property of ['foo.1', 'temp.17', 'temp.0', '__proto__', 'temp;drop']) expect((await bad(hot({ property })))[0]).toBe(99996);
    for (const over of [
      { colour: 'red' },
      { kind: 'rate' },
      { level: 4 },
      { operator: '=' },
      { durationSec: -1 },
      { deadband: '1' },
      { message: '' },
    ]) {
      expect((await bad(hot(over)))[0]).toBe(99996);
    }
    expect((await bad(hot({ message: 'x'.repeat(501) })))[0]).toBe(99996);
    expect((await bad(hot({ stages: [{ fromDay: 0, toDay: 1, high: 3, extra: true }] })))[0]).toBe(99996);
    // 10 MB of message text: refused before it is parsed.
    const huge = await ctx.app.inject({
      method: 'POST',
      url: RULE,
      headers: { token: tok['al-admin']!, 'content-type': 'application/json' },
      payload: JSON.stringify(hot({ message: 'x'.repeat(10 * 1024 * 1024) })),
    });
    expect((huge.json() as { code: number }).code).toBe(21009);
    // A group the caller does not see.
    expect((await call(ctx, tok['al-two']!, 'POST', RULE, hot())).code).toBe(30001);
  });
});
