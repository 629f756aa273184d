import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, DynamicWindPayload, OptionLogRow, Page } from '@farmsense/shared';
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

const wind = (first: number, more: Partial<DynamicWindPayload> = {}): DynamicWindPayload => ({
  minSpeed: 20,
  maxSpeed: 90,
  mode: 'dayAge',
  dayAge: [
    { day: -7, percent: first },
    { day: 21, percent: first + 10 },
    { day: 42, percent: first + 30 },
  ],
  co2: [{ ppm: 2500, percent: 30 }],
  ...more,
});

/**
 * Variable-speed fans and minimum ventilation (SPEC §2 /remote-control/env-control/dynamic-wind)
 * through the real HTTP layer and the embedded broker: applied per house, sent as `setDynamicWind`
 * with the version, synced by the ack, restored and logged; minimum ventilation below 0 or above
 * 100 %, days or CO2 thresholds not increasing, a maximum below the minimum speed and an empty list
 * for the chosen mode are refused with 99996 per field.
 */
describe(`remote control: variable-speed fans and minimum ventilation (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('dyn', 'dynamicWind'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies to two houses with a result per house; the online controller acks the version', async () => {
    const r = await g.apply(w.sheds, wind(5));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ op: 'setDynamicWind', params: { version: 1, ...wind(5) } });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'dynamicWind', desiredVersion: 1, reportedVersion: 1, reported: wind(5) });
    expect(await g.state(w.sheds[1]!)).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending' });
  });

  it('refuses minimum ventilation outside 0-100 %, days or thresholds not increasing, max below min, with 99996 per field', async () => {
    const days = (a: number, b: number) => [
      { day: a, percent: 10 },
      { day: b, percent: 20 },
    ];
    const cases: [unknown, string, string][] = [
      [wind(5, { dayAge: [{ day: 0, percent: -1 }] }), 'payload.dayAge.0.percent', 'validation.invalid'],
      [wind(5, { dayAge: [{ day: 0, percent: 100.5 }] }), 'payload.dayAge.0.percent', 'validation.tooLarge'],
      [wind(5, { co2: [{ ppm: 2000, percent: 101 }] }), 'payload.co2.0.percent', 'validation.tooLarge'],
      [wind(5, { dayAge: days(7, 7) }), 'payload.dayAge.1.day', 'validation.daysIncreasing'],
      [wind(5, { dayAge: days(-8, 7) }), 'payload.dayAge.0.day', 'validation.invalid'],
      [
        wind(5, {
          co2: [
            { ppm: 3000, percent: 20 },
            { ppm: 2000, percent: 40 },
          ],
        }),
        'payload.co2.1.ppm',
        'validation.co2Increasing',
      ],
      [wind(5, { minSpeed: 70, maxSpeed: 60 }), 'payload.maxSpeed', 'validation.maxBelowMin'],
      [wind(5, { mode: 'co2', co2: [] }), 'payload.co2', 'validation.selectAtLeastOne'],
      [{ ...wind(5), mode: 'nh3' }, 'payload.mode', 'validation.required'],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    expect(dev.commands.filter((c) => c.op === 'setDynamicWind')).toHaveLength(1);
  });

  it("refuses another tenant's house (30004)", async () => {
    expect((await g.apply([w.sheds[0]!, w.otherShed], wind(5))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], wind(5), w.otherToken)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=dynamicWind`)).code).toBe(30004);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    const byCo2 = wind(8, { mode: 'co2' });
    expect((await g.apply([w.sheds[0]!], byCo2)).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
    const r = await call<ApplyAnswer>(ctx, w.token, 'POST', RESTORE, {
      shedId: w.sheds[0],
      group: 'dynamicWind',
      version: 1,
      codeKind: 'security',
      code: await securityCode(ctx),
    });
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect((await g.state(w.sheds[0]!)).reported).toEqual(wind(5));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=dynamicWind`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'dynamicWind', fromValue: byCo2, toValue: wind(5) });
  });
});
