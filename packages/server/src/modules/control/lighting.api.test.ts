import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightingPayload, OptionLogRow, Page } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { FakeController, LOGS, restoreVersion, type ControlWorld, closeBench, groupBench, type GroupCalls } from './control.fixtures.js';

const schedule = (intensity: number): LightingPayload => ({
  points: [
    { day: 0, on: '05:00', off: '23:00', intensity: 100 },
    { day: 14, on: '20:00', off: '04:00', intensity },
  ],
});

/**
 * Lighting schedule by day age (remote control, shared lighting.ts) through the real HTTP layer
 * and the embedded broker: applied per house, sent as `setLighting` with the version, synced by
 * the ack, restored and logged; days not increasing, on equal to off, a time that is not HH:MM and
 * an intensity over 100 % are refused with 99996 per field; another tenant's house is 30004.
 */
describe(`remote control: lighting schedule (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  let g: GroupCalls;

  beforeAll(async () => {
    ({ ctx, w, dev, g } = await groupBench('lux', 'lighting'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('applies a schedule to two houses with a result per house; the online controller acks the version', async () => {
    const r = await g.apply(w.sheds, schedule(40));
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
      [w.sheds[0], 1, 1, 'pending', true],
      [w.sheds[1], 1, 1, 'pending', false],
    ]);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ op: 'setLighting', params: { version: 1, ...schedule(40) } });
    expect(await g.state(w.sheds[0]!)).toMatchObject({ group: 'lighting', desiredVersion: 1, reportedVersion: 1, reported: schedule(40) });
  });

  it('refuses days not increasing, on equal to off, a bad time and too much intensity with 99996 per field, and another tenant', async () => {
    const point = { day: 0, on: '06:00', off: '22:00', intensity: 50 };
    const cases: [unknown, string, string][] = [
      [{ points: [point, { ...point, day: 0 }] }, 'payload.points.1.day', 'validation.daysIncreasing'],
      [{ points: [{ ...point, off: '06:00' }] }, 'payload.points.0.off', 'validation.lightOnOffSame'],
      [{ points: [{ ...point, on: '6 am' }] }, 'payload.points.0.on', 'validation.invalid'],
      [{ points: [{ ...point, intensity: 120 }] }, 'payload.points.0.intensity', 'validation.tooLarge'],
    ];
    for (const [payload, field, key] of cases) {
      const r = await g.apply([w.sheds[0]!], payload);
      expect(r.code, field).toBe(99996);
      expect(r.data).toEqual({ issues: [{ field, key }] });
    }
    expect((await g.apply([w.sheds[0]!, w.otherShed], schedule(40))).code).toBe(30004);
    expect((await g.apply([w.sheds[0]!], schedule(40), w.otherToken)).code).toBe(30004);
    expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    expect(dev.commands.filter((c) => c.op === 'setLighting')).toHaveLength(1);
  });

  it('restores version 1 as a new version and logs every change', async () => {
    expect((await g.apply([w.sheds[0]!], schedule(20))).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
    const r = await restoreVersion(ctx, w.token, w.sheds[0]!, 'lighting', 1);
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
    await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
    expect((await g.state(w.sheds[0]!)).reported).toEqual(schedule(40));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=lighting`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
      ['restore', 3, 'synced'],
      ['apply', 2, 'synced'],
      ['apply', 1, 'synced'],
    ]);
    expect(logs.data.list[0]).toMatchObject({ group: 'lighting', fromValue: schedule(20), toValue: schedule(40) });
  });
});
