import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, OptionLogRow, Page, PumpSetting, PumpsPayload } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import {
  APPLY,
  FakeController,
  LOGS,
  RESTORE,
  securityCode,
  STATE,
  type ControlWorld,
  closeBench,
  groupBench,
  type GroupCalls,
} from './control.fixtures.js';

const pump = (n: number, onAbove: number, more: Partial<PumpSetting> = {}): PumpSetting => ({
  pump: n,
  kind: 'pad',
  auto: true,
  onAbove,
  offAbove: onAbove - 1,
  rhLimit: 85,
  runSeconds: 60,
  stopSeconds: 0,
  ...more,
});
const pumps = (first: number): PumpsPayload => ({
  pumps: [pump(1, first), pump(2, first + 1, { kind: 'mist', rhLimit: 75, stopSeconds: 120 })],
});

/**
 * Cooling pad and mist pumps (SPEC §2 /remote-control/env-control/pumps) through the real HTTP
 * layer and the embedded broker: applied per house, sent as `setPumps` with the version, synced by
 * the ack, restored and logged; off at or above on, a humidity limit outside 0-100, cycles not in
 * multiples of 10 s and a repeated pump are refused with 99996 per field, an unknown kind (a wrong
 * cooling type) with 20010.
 */
describe(`remote control: cooling pad and mist pumps (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('pump', 'pumps'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies pump settings to two houses with a result per house; the online controller acks the version', async () => {
    const r = await g.apply(w.sheds, pumps(1));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ op: 'setPumps', params: { version: 1, ...pumps(1) } });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'pumps', desiredVersion: 1, reportedVersion: 1, reported: pumps(1) });
    expect(await g.state(w.sheds[1]!)).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending' });
  });

  it('refuses off at or above on, humidity limits outside 0-100, cycles not in multiples of 10 s, with 99996 per field', async () => {
    const cases: [unknown, string, string][] = [
      [{ pumps: [pump(1, 2, { offAbove: 2 })] }, 'payload.pumps.0.offAbove', 'validation.fanOffBelowOn'],
      [{ pumps: [pump(1, 2), pump(2, 3, { offAbove: 4 })] }, 'payload.pumps.1.offAbove', 'validation.fanOffBelowOn'],
      [{ pumps: [pump(1, 2, { rhLimit: 101 })] }, 'payload.pumps.0.rhLimit', 'validation.tooLarge'],
      [{ pumps: [pump(1, 2, { rhLimit: -5 })] }, 'payload.pumps.0.rhLimit', 'validation.invalid'],
      [{ pumps: [pump(1, 2, { runSeconds: 45 })] }, 'payload.pumps.0.runSeconds', 'validation.multipleOf10'],
      [{ pumps: [pump(1, 2, { stopSeconds: 15 })] }, 'payload.pumps.0.stopSeconds', 'validation.multipleOf10'],
      [{ pumps: [{ ...pump(1, 2), auto: 'yes' }] }, 'payload.pumps.0.auto', 'validation.required'],
      [{ pumps: [pump(1, 2), pump(1, 3)] }, 'payload.pumps.1.pump', 'validation.pumpRepeated'],
      [{ pumps: [pump(1, 20, { offAbove: 1 })] }, 'payload.pumps.0.onAbove', 'validation.tooLarge'],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    expect(dev.commands.filter((c) => c.op === 'setPumps')).toHaveLength(1);
  });

  it('refuses a kind that is neither pad nor mist as a wrong cooling type (20010) per field, before any code is tried', async () => {
    // The code is not even read: the kind is refused before any code is tried.
    const res = await ctx.app.inject({
      method: 'POST',
      url: APPLY,
      headers: { token: w.token, 'accept-language': 'en-US' },
      payload: {
        group: 'pumps',
        shedIds: [w.sheds[0]!],
        payload: { pumps: [pump(1, 2), pump(2, 3, { kind: 'fog' as 'pad' }), pump(3, 4, { kind: 'heater' as 'pad' })] },
        codeKind: 'security',
        code: 'not a cipher text of the code',
      },
    });
    expect(res.json()).toEqual({
      code: 20010,
      msg: 'Incorrect heating/cooling type',
      data: {
        issues: [
          { field: 'payload.pumps.1.kind', key: 'validation.coolingType' },
          { field: 'payload.pumps.2.kind', key: 'validation.coolingType' },
        ],
      },
    });
    // A kind of the wrong type is not read at all (99996); a right kind goes through.
    expect((await g.apply([w.sheds[0]!], { pumps: [{ ...pump(1, 2), kind: 2 }] })).code).toBe(99996);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    expect(dev.commands.filter((c) => c.op === 'setPumps')).toHaveLength(1);
  });

  it("refuses another tenant's house (30004)", async () => {
    expect((await g.apply([w.sheds[0]!, w.otherShed], pumps(1))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], pumps(1), w.otherToken)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=pumps`)).code).toBe(30004);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    expect((await g.apply([w.sheds[0]!], pumps(2))).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
    const r = await call<ApplyAnswer>(ctx, w.token, 'POST', RESTORE, {
      shedId: w.sheds[0],
      group: 'pumps',
      version: 1,
      codeKind: 'security',
      code: await securityCode(ctx),
    });
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect((await g.state(w.sheds[0]!)).reported).toEqual(pumps(1));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=pumps`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'pumps', fromValue: pumps(2), toValue: pumps(1) });
  });
});
