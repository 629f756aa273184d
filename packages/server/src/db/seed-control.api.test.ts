import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionLogRow, Page, SettingStateAnswer } from '@farmsense/shared';
import { kindForShedType, PROFILES } from '../../../simulator/src/index.js';
import { demoHeaters } from './seed-control.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { call, tokenFor } from '../test/factories.js';

/** CONTRACT §5 demo remote control: every demo controller's curve is the simulator's, acknowledged and logged. */
describe(`demo remote control (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = await tokenFor(ctx.database.db, 'demo');
  });
  afterAll(async () => {
    await ctx?.close();
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
    expect(logs.data.total).toBe(gws.length + withHeaters);
    expect(logs.data.list[0]).toMatchObject({ action: 'apply', codeKind: 'security', accountName: expect.any(String), status: 'synced' });
  });
});
