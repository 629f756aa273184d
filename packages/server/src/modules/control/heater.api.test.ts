import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeaterPayload, OptionLogRow, Page, SettingStateAnswer } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildRole, call, tokenFor } from '../../test/factories.js';
import {
  FakeController,
  LOGS,
  restoreVersion,
  STATE,
  type ControlWorld,
  closeBench,
  groupBench,
  type GroupCalls,
} from './control.fixtures.js';

const heaters = (onBelow: number, offBelow: number): HeaterPayload => ({
  heaters: [
    { index: 1, enabled: true, onBelow, offBelow },
    { index: 2, enabled: false, onBelow: onBelow + 1, offBelow },
  ],
});

const one = (onBelow: number, offBelow: number): HeaterPayload => ({ heaters: [{ index: 1, enabled: true, onBelow, offBelow }] });

/**
 * Heater settings (SPEC §2 /remote-control/env-control/heater) through the real HTTP layer and
 * the embedded broker: applied to several houses with a result per house, sent as
 * `setHeaterParams` with the version, synced by the ack, restored, logged; bad limits are 20053
 * per field before any code is tried; another tenant's house is 30004.
 */
describe(`remote control: heaters (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('heat', 'heater'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies heater limits to two houses: synced on the online controller, pending for the offline one', async () => {
    const r = await g.apply(w.sheds, heaters(2, 0.5));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({
      id: r.data.results[0]!.commandId,
      op: 'setHeaterParams',
      params: { version: 1, ...heaters(2, 0.5) },
    });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'heater', desiredVersion: 1, reportedVersion: 1, reported: heaters(2, 0.5) });
    expect(await g.state(w.sheds[1]!)).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending', online: false });
    // The curve group of the same house is untouched.
    expect(
      (await call<SettingStateAnswer>(ctx, w.token, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=tempDayAge`)).data.desiredVersion,
    ).toBeNull();
  });

  it('refuses off at or above on, values out of range and repeated heaters with 20053 per field, and keeps nothing', async () => {
    const cases: [unknown, string, string][] = [
      [heaters(2, 2), 'payload.heaters.0.offBelow', 'validation.heaterOffBelowOn'],
      [heaters(1, 3), 'payload.heaters.0.offBelow', 'validation.heaterOffBelowOn'],
      [one(11, 1), 'payload.heaters.0.onBelow', 'validation.tooLarge'],
      [one(2, -4), 'payload.heaters.0.offBelow', 'validation.invalid'],
      [{ heaters: [{ index: 0, enabled: true, onBelow: 2, offBelow: 1 }] }, 'payload.heaters.0.index', 'validation.positiveInteger'],
      [{ heaters: [] }, 'payload.heaters', 'validation.selectAtLeastOne'],
      [
        { heaters: [1, 1].map((index) => ({ index, enabled: true, onBelow: 2, offBelow: 1 })) },
        'payload.heaters.1.index',
        'validation.heaterRepeated',
      ],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(20053);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    // Values of the wrong type or unknown fields are not read at all: 99996.
    expect((await g.apply([w.sheds[0]!], { heaters: [{ index: 1, enabled: true, onBelow: '2', offBelow: 1 }] })).code).toBe(99996);
    expect((await g.apply([w.sheds[0]!], { ...heaters(2, 1), extra: 1 })).code).toBe(99996);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it("refuses another tenant's house (30004) and an account without the heater page (10009)", async () => {
    expect((await g.apply([w.sheds[0]!, w.otherShed], heaters(2, 1))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], heaters(2, 1), w.otherToken)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=heater`)).code).toBe(30004);
    const { db } = ctx.database;
    const role = await buildRole(db, w.tenant, 'Curve only', [{ code: 'remote-control.env-control.temp-dayage', ops: ['view', 'edit'] }]);
    await buildAccount(db, { tenantId: w.tenant, accountCode: 'ct-heat-curve', farmIds: [w.farm], roleIds: [role] });
    const curveOnly = await tokenFor(db, 'ct-heat-curve');
    expect((await g.apply([w.sheds[0]!], heaters(2, 1), curveOnly)).code).toBe(10009);
    expect((await call(ctx, curveOnly, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=heater`)).code).toBe(10009);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it('records a refusal by the controller as failed, restores version 1 as a new version, and logs both', async () => {
    dev.mode = 'refuse';
    const failed = await g.apply([w.sheds[0]!], heaters(3, 1));
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'failed');
    expect(failed.data.results[0]!.version).toBe(2);
    dev.mode = 'ok';
    const r = await restoreVersion(ctx, w.token, w.sheds[0]!, 'heater', 1);
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect(dev.commands.at(-1)).toMatchObject({ op: 'setHeaterParams', params: { version: 3, ...heaters(2, 0.5) } });
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=heater`);
    expect(logs.data.list.map((l) => [l.group, l.action, l.version, l.status])).toEqual([
      ['heater', 'restore', 3, 'synced'],
      ['heater', 'apply', 2, 'failed'],
      ['heater', 'apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ fromValue: heaters(3, 1), toValue: heaters(2, 0.5), codeKind: 'security' });
  });
});
