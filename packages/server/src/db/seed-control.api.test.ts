import { describe, expect, it } from 'vitest';
import {
  dynamicWindPayload,
  fixedWindPayload,
  heaterPayload,
  pumpsPayloadShape,
  tempDayAgePayload,
  warnBarPayload,
  warnButtonPayload,
  lightingPayload,
  warnNh3Payload,
  warnRhPayload,
  windowPayload,
  type OptionLogRow,
  type Page,
  type SettingStateAnswer,
} from '@farmsense/shared';
import { kindForShedType, PROFILES } from '../../../simulator/src/index.js';
import { demoHeaters, demoSettings } from './seed-control.js';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoApp } from '../test/demo-app.js';
import { call } from '../test/factories.js';

/** CONTRACT §5 demo remote control: every demo controller's curve is the simulator's, acknowledged and logged. */
describe(`demo remote control (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  withDemoApp(['demo'], (made) => {
    ctx = made.ctx;
    token = made.tok.demo!;
  });

  it('gives every demo controller its simulated house curve and heater stages as synced version 1, in the option log', async () => {
    const gws = await ctx.database.query<{ shed_id: number; shed_type: number }>(
      `SELECT g.shed_id, s.shed_type FROM gateways g JOIN sheds s ON s.id = g.shed_id WHERE g.code LIKE 'fs-demo%' ORDER BY g.code`,
    );
    expect(gws.length).toBeGreaterThan(3);
    let withHeaters = 0;
    for (const [i, g] of gws.entries()) {
      const s = await call<SettingStateAnswer>(ctx, token, 'GET', `/api/remotecontrol/setting/state?shedId=${g.shed_id}&group=tempDayAge`);
      expect(s.code).toBe(1);
      expect(s.data).toMatchObject({ desiredVersion: 1, reportedVersion: 1, status: 'synced' });
      const points = (s.data.reported as { points: { day: number; target: number }[] }).points;
      expect(points.map((p) => [p.day, p.target])).toEqual(PROFILES[kindForShedType(g.shed_type, i)].target.map(([d, v]) => [d, v]));
      // Its heaters' points are the simulated controller's own stages (1 on 0.5 K under the set point, off 0.3 K above it).
      const heaters = demoHeaters(kindForShedType(g.shed_type, i));
      const h = await call<SettingStateAnswer>(ctx, token, 'GET', `/api/remotecontrol/setting/state?shedId=${g.shed_id}&group=heater`);
      if (heaters) {
        expect(h.data).toMatchObject({ desiredVersion: 1, reportedVersion: 1, status: 'synced', reported: heaters });
        expect(heaters.heaters[0]).toEqual({ index: 1, enabled: true, onBelow: 0.5, offBelow: -0.3 });
        withHeaters += 1;
      } else expect(h.data.desiredVersion).toBeNull();
    }
    expect(withHeaters).toBeGreaterThan(0);
    const logs = await call<Page<OptionLogRow>>(ctx, token, 'GET', '/api/remotecontrol/optionLog/page?pageSize=100');
    const seeded = gws.reduce((n, g, i) => n + demoSettings(kindForShedType(g.shed_type, i)).length, 0);
    expect(logs.data.total).toBe(seeded);
    expect(logs.data.list[0]).toMatchObject({ action: 'apply', codeKind: 'security', accountName: expect.any(String), status: 'synced' });
  });

  it('answers every setting group of a demo controller with a synced version 1 holding the simulator defaults, each valid for its group', async () => {
    const rules: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
      tempDayAge: tempDayAgePayload,
      heater: heaterPayload,
      fixedWind: fixedWindPayload,
      dynamicWind: dynamicWindPayload,
      window: windowPayload,
      pumps: pumpsPayloadShape,
      warnRh: warnRhPayload,
      warnBar: warnBarPayload,
      warnNh3: warnNh3Payload,
      warnButton: warnButtonPayload,
      lighting: lightingPayload,
    };
    const gws = await ctx.database.query<{ shed_id: number; shed_type: number }>(
      `SELECT g.shed_id, s.shed_type FROM gateways g JOIN sheds s ON s.id = g.shed_id WHERE g.code LIKE 'fs-demo%' ORDER BY g.code`,
    );
    // A house with every group: heaters and pumps as well.
    const i = gws.findIndex((g, k) => demoSettings(kindForShedType(g.shed_type, k)).length === Object.keys(rules).length);
    expect(i).toBeGreaterThanOrEqual(0);
    const seeded = demoSettings(kindForShedType(gws[i]!.shed_type, i));
    for (const { grp, payload } of seeded) {
      const s = await call<SettingStateAnswer>(
        ctx,
        token,
        'GET',
        `/api/remotecontrol/setting/state?shedId=${gws[i]!.shed_id}&group=${grp}`,
      );
      expect(s.code, grp).toBe(1);
      expect(s.data, grp).toMatchObject({ desiredVersion: 1, reportedVersion: 1, status: 'synced', reported: payload });
      expect(rules[grp]!.safeParse(s.data.reported).success, grp).toBe(true);
    }
    // Every demo house, whatever its kind, has each group it has equipment for.
    for (const [k, g] of gws.entries()) {
      for (const { grp } of demoSettings(kindForShedType(g.shed_type, k))) {
        const s = await call<SettingStateAnswer>(ctx, token, 'GET', `/api/remotecontrol/setting/state?shedId=${g.shed_id}&group=${grp}`);
        expect(s.data.status, `${g.shed_id} ${grp}`).toBe('synced');
      }
    }
  });
});
