import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { defaultFixedWind, defaultPumps, defaultWindow } from './defaults.js';
import type { ShedModel } from './model.js';
import { defaultHeater } from './settings.js';
import { testHouse, JULY_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house (6 fans, 2 heaters, an inlet, a curtain, a pad pump) at day 30 on a hot day. */
function hotBroiler(): ShedModel {
  return testHouse({ code: 'fs-part01', seed: 4, midnight: MIDNIGHT, dayAge: 30, outside: { temp: 31, rh: 45 } });
}

const send = (m: ShedModel, op: string, params: Record<string, unknown>) => applyCommand(m, { id: op, op, params }, now);

describe('a setting group command naming only some devices', () => {
  it('runs the listed devices as listed and every other device of the group on the controller defaults', () => {
    const m = hotBroiler();
    const p = m.profile;
    const fan3 = { fan: 3, onAbove: 1, offAbove: 0.5, runSeconds: 60, stopSeconds: 30 };
    expect(send(m, 'setFanStages', { version: 2, stages: [fan3] }).ok).toBe(true);
    const ownFans = defaultFixedWind(p)!.stages;
    expect([...m.settings.fans.values()]).toEqual(ownFans.map((s) => (s.fan === 3 ? fan3 : s)));

    // The next command of the group is the whole group again: fan 3 goes back to its default.
    const fan5 = { ...fan3, fan: 5 };
    expect(send(m, 'setFanStages', { version: 3, stages: [fan5] }).ok).toBe(true);
    expect([...m.settings.fans.values()]).toEqual(ownFans.map((s) => (s.fan === 5 ? fan5 : s)));

    const heater2 = { index: 2, enabled: false, onBelow: 2, offBelow: 1 };
    expect(send(m, 'setHeaterParams', { version: 1, heaters: [heater2] }).ok).toBe(true);
    expect([...m.settings.heaters.values()]).toEqual([defaultHeater(0), heater2]);

    const [inlet, curtain] = defaultWindow(p)!.openings;
    const inletSet = { ...inlet!, pressureTarget: 30 };
    expect(send(m, 'setOpenings', { version: 1, openings: [inletSet] }).ok).toBe(true);
    expect([...(m.settings.openings?.values() ?? [])]).toEqual([inletSet, curtain]);

    const pad = { ...defaultPumps(p)!.pumps[0]!, rhLimit: 70 };
    expect(send(m, 'setPumps', { version: 1, pumps: [pad] }).ok).toBe(true);
    expect([...(m.settings.pumps?.values() ?? [])]).toEqual([pad]);
  });

  it('makes the house run exactly as the same group listing the defaults of the other devices', () => {
    const partial = hotBroiler();
    const full = hotBroiler();
    for (const m of [partial, full]) m.warmUp(now, 2);
    const p = partial.profile;
    const fan4 = { fan: 4, onAbove: 2, offAbove: 1.2, runSeconds: 120, stopSeconds: 60 };
    const [inlet, curtain] = defaultWindow(p)!.openings;
    const inletSet = { ...inlet!, pressureTarget: 35 };
    const stages = defaultFixedWind(p)!.stages.map((s) => (s.fan === 4 ? fan4 : s));
    const acks = [
      send(partial, 'setFanStages', { version: 1, stages: [fan4] }),
      send(partial, 'setOpenings', { version: 1, openings: [inletSet] }),
      send(full, 'setFanStages', { version: 1, stages }),
      send(full, 'setOpenings', { version: 1, openings: [inletSet, curtain] }),
    ];
    expect(acks.map((a) => a.msg)).toEqual(['ok', 'ok', 'ok', 'ok']);
    for (let i = 1; i <= 90; i++) {
      const [a, b] = [partial, full].map((m) => m.step(60, now + i * 60_000).values);
      expect(a, `minute ${i}`).toEqual(b);
    }
  });
});
