import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, OpeningSetting, OptionLogRow, Page, WindowPayload } from '@farmsense/shared';
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

const opening = (more: Partial<OpeningSetting> = {}): OpeningSetting => ({
  kind: 'side',
  index: 1,
  control: 'pressure',
  pressureTarget: 20,
  pressureBand: 2,
  openFrom: 1,
  fullyOpen: 4,
  minOpen: 10,
  maxOpen: 90,
  ...more,
});
const openings = (pa: number): WindowPayload => ({
  openings: [
    opening({ pressureTarget: pa }),
    opening({ kind: 'roof' }),
    opening({ kind: 'curtain', control: 'temperature', openFrom: 2, fullyOpen: 5, minOpen: 0, maxOpen: 100 }),
  ],
});

/**
 * Inlets and curtains (SPEC §2 /remote-control/env-control/window) through the real HTTP layer and
 * the embedded broker: applied per house, sent as `setOpenings` with the version, synced by the
 * ack, restored and logged; open-from not below fully-open (temperature-driven), max below min,
 * openings outside 0-100 %, pressures outside 0-80 Pa and a repeated opening are refused with
 * 99996 per field.
 */
describe(`remote control: inlets and curtains (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('win', 'window'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies to two houses with a result per house; the online controller acks the version', async () => {
    const r = await g.apply(w.sheds, openings(20));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ op: 'setOpenings', params: { version: 1, ...openings(20) } });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'window', desiredVersion: 1, reportedVersion: 1, reported: openings(20) });
    expect(await g.state(w.sheds[1]!)).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending' });
  });

  it('refuses open-from not below fully-open, max below min, openings and pressures off limits, repeats, with 99996 per field', async () => {
    const temp = { control: 'temperature' as const };
    const cases: [unknown, string, string][] = [
      [{ openings: [opening({ ...temp, openFrom: 3, fullyOpen: 3 })] }, 'payload.openings.0.fullyOpen', 'validation.openFromBelowFully'],
      [
        { openings: [opening(), opening({ kind: 'curtain', ...temp, fullyOpen: 0 })] },
        'payload.openings.1.fullyOpen',
        'validation.openFromBelowFully',
      ],
      [{ openings: [opening({ minOpen: 60, maxOpen: 50 })] }, 'payload.openings.0.maxOpen', 'validation.maxBelowMin'],
      [{ openings: [opening({ maxOpen: 101 })] }, 'payload.openings.0.maxOpen', 'validation.tooLarge'],
      [{ openings: [opening({ minOpen: -1 })] }, 'payload.openings.0.minOpen', 'validation.invalid'],
      [{ openings: [opening({ pressureTarget: 81 })] }, 'payload.openings.0.pressureTarget', 'validation.tooLarge'],
      [{ openings: [opening({ pressureBand: -1 })] }, 'payload.openings.0.pressureBand', 'validation.invalid'],
      [{ openings: [opening(), opening()] }, 'payload.openings.1.index', 'validation.openingRepeated'],
      [{ openings: [{ ...opening(), kind: 'door' }] }, 'payload.openings.0.kind', 'validation.required'],
      [{ openings: [] }, 'payload.openings', 'validation.selectAtLeastOne'],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    expect(dev.commands.filter((c) => c.op === 'setOpenings')).toHaveLength(1);
  });

  it("refuses another tenant's house (30004)", async () => {
    expect((await g.apply([w.sheds[0]!, w.otherShed], openings(20))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], openings(20), w.otherToken)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=window`)).code).toBe(30004);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    const tighter = openings(35);
    expect((await g.apply([w.sheds[0]!], tighter)).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
    const r = await call<ApplyAnswer>(ctx, w.token, 'POST', RESTORE, {
      shedId: w.sheds[0],
      group: 'window',
      version: 1,
      codeKind: 'security',
      code: await securityCode(ctx),
    });
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect((await g.state(w.sheds[0]!)).reported).toEqual(openings(20));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=window`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'window', fromValue: tighter, toValue: openings(20) });
  });
});
