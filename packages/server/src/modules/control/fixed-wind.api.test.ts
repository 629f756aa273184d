import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, FixedWindPayload, OptionLogRow, Page } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import {
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

const stage = (fan: number, onAbove: number, offAbove = onAbove - 0.5, runSeconds = 60, stopSeconds = 0) => ({
  fan,
  onAbove,
  offAbove,
  runSeconds,
  stopSeconds,
});
const stages = (first: number): FixedWindPayload => ({ stages: [stage(2, first), stage(3, first + 1, first + 0.5, 120, 60)] });

/**
 * Fixed-speed fan stages (SPEC §2 /remote-control/env-control/fixed-wind) through the real HTTP
 * layer and the embedded broker: applied per house, sent as `setFanStages` with the version,
 * synced by the ack, restored and logged; stages that do not increase, off at or above on and
 * cycles not in multiples of 10 s are refused with 99996 per field (the SPEC has no code of its own).
 */
describe(`remote control: fixed-speed fan stages (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('fan', 'fixedWind'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies fan stages to two houses with a result per house; the online controller acks the version', async () => {
    const r = await g.apply(w.sheds, stages(1));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ op: 'setFanStages', params: { version: 1, ...stages(1) } });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'fixedWind', desiredVersion: 1, reportedVersion: 1, reported: stages(1) });
  });

  it('refuses stages not increasing, off at or above on, cycles not in multiples of 10 s, with 99996 per field', async () => {
    const cases: [unknown, string, string][] = [
      [{ stages: [stage(2, 2), stage(3, 2)] }, 'payload.stages.1.onAbove', 'validation.stagesIncreasing'],
      [{ stages: [stage(2, 2, 2)] }, 'payload.stages.0.offAbove', 'validation.fanOffBelowOn'],
      [{ stages: [stage(2, 2, 3)] }, 'payload.stages.0.offAbove', 'validation.fanOffBelowOn'],
      [{ stages: [stage(2, 2, 1, 45)] }, 'payload.stages.0.runSeconds', 'validation.multipleOf10'],
      [{ stages: [stage(2, 2, 1, 60, 5)] }, 'payload.stages.0.stopSeconds', 'validation.multipleOf10'],
      [{ stages: [stage(2, 1), stage(2, 2)] }, 'payload.stages.1.fan', 'validation.fanRepeated'],
      [{ stages: [stage(2, 20, 1)] }, 'payload.stages.0.onAbove', 'validation.tooLarge'],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it("refuses another tenant's house (30004)", async () => {
    expect((await g.apply([w.sheds[0]!, w.otherShed], stages(1))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], stages(1), w.otherToken)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=fixedWind`)).code).toBe(30004);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    expect((await g.apply([w.sheds[0]!], stages(2))).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
    const r = await call<ApplyAnswer>(ctx, w.token, 'POST', RESTORE, {
      shedId: w.sheds[0],
      group: 'fixedWind',
      version: 1,
      codeKind: 'security',
      code: await securityCode(ctx),
    });
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect((await g.state(w.sheds[0]!)).reported).toEqual(stages(1));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=fixedWind`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'fixedWind', fromValue: stages(2), toValue: stages(1) });
  });
});
