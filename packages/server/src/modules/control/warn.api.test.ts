import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionLogRow, Page, SettingGroup, SettingStateAnswer } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { closeBench, controlBench, type ControlWorld, FakeController, groupCalls, LOGS, restoreVersion } from './control.fixtures.js';

const RH = { enabled: true, low: 40, high: 85, delaySeconds: 60 };

/**
 * The controller's own alarm limits (SPEC §2 /remote-control/warn/{rh,bar,nh3,button}), one
 * setting group per page, through the real HTTP layer and the embedded broker: each sent with its
 * own op and the version, synced by the ack, restored and logged; limits out of their physical
 * range, low not below high and delays not in multiples of 10 s refused with 99996 per field; a
 * group's own right needed.
 */
describe(`remote control: the controller's alarm limits (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  const apply = (group: SettingGroup, shedIds: number[], payload: unknown, token?: string) =>
    groupCalls(ctx, w, group).apply(shedIds, payload, token);
  const state = (shedId: number, group: SettingGroup): Promise<SettingStateAnswer> => groupCalls(ctx, w, group).state(shedId);
  const statusOf = (shedId: number, group: SettingGroup, version: number): Promise<string | undefined> =>
    groupCalls(ctx, w, group).statusOf(shedId, version);

  beforeAll(async () => {
    ({ ctx, w, dev } = await controlBench('warn'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('sends each group with its own op and version; the controller acks it', async () => {
    const groups: [SettingGroup, unknown, string][] = [
      ['warnRh', RH, 'setRhAlarm'],
      ['warnBar', { enabled: true, low: 5, high: 60, delaySeconds: 30 }, 'setPressureAlarm'],
      ['warnNh3', { enabled: true, high: 25, delaySeconds: 120 }, 'setNh3Alarm'],
      ['warnButton', { enabled: false, delaySeconds: 0 }, 'setAlarmButton'],
    ];
    for (const [group, payload, op] of groups) {
      const r = await apply(group, [w.sheds[0]!], payload);
      expect(
        r.data.results.map((x) => [x.code, x.version, x.online]),
        group,
      ).toEqual([[1, 1, true]]);
      await waitFor(async () => (await statusOf(w.sheds[0]!, group, 1)) === 'synced');
      expect(dev.commands.at(-1)).toMatchObject({ op, params: { version: 1, ...(payload as object) } });
      expect(await state(w.sheds[0]!, group)).toMatchObject({ group, desiredVersion: 1, reportedVersion: 1, reported: payload });
    }
  });

  it('refuses limits out of range, low not below high, delays not in multiples of 10 s, with 99996 per field', async () => {
    const cases: [SettingGroup, unknown, string, string][] = [
      ['warnRh', { ...RH, low: 85 }, 'payload.low', 'validation.lowBelowHigh'],
      ['warnRh', { ...RH, high: 101 }, 'payload.high', 'validation.tooLarge'],
      ['warnRh', { ...RH, low: -1 }, 'payload.low', 'validation.invalid'],
      ['warnBar', { enabled: true, low: 5, high: 300, delaySeconds: 0 }, 'payload.high', 'validation.tooLarge'],
      ['warnNh3', { enabled: true, high: 0, delaySeconds: 0 }, 'payload.high', 'validation.invalid'],
      ['warnNh3', { enabled: true, high: 20, delaySeconds: 25 }, 'payload.delaySeconds', 'validation.multipleOf10'],
      ['warnButton', { enabled: 'on', delaySeconds: 0 }, 'payload.enabled', 'validation.required'],
    ];
    for (const [group, payload, field, key] of cases) {
      const r = await apply(group, [w.sheds[0]!], payload);
      expect(r.code, `${group} ${field}`).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await state(w.sheds[0]!, 'warnRh')).desiredVersion).toBe(1);
  });

  it("refuses another tenant's house (30004)", async () => {
    expect((await apply('warnRh', [w.otherShed], RH)).code).toBe(30004);
    expect((await apply('warnRh', [w.sheds[0]!], RH, w.otherToken)).code).toBe(30004);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    expect((await apply('warnRh', [w.sheds[0]!], { ...RH, high: 80 })).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await statusOf(w.sheds[0]!, 'warnRh', 2)) === 'synced');
    const r = await restoreVersion(ctx, w.token, w.sheds[0]!, 'warnRh', 1);
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await statusOf(w.sheds[0]!, 'warnRh', 3)) === 'synced');
    expect((await state(w.sheds[0]!, 'warnRh')).reported).toEqual(RH);
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=warnRh`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'warnRh', fromValue: { ...RH, high: 80 }, toValue: RH });
  });
});
