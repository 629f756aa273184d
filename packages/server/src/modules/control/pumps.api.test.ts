import { expect, it } from 'vitest';
import type { PumpSetting, PumpsPayload } from '@farmsense/shared';
import { APPLY } from './control.fixtures.js';
import { settingGroupSuite } from './group-suite.fixtures.js';

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

const invalid: [unknown, string, string][] = [
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

/**
 * Cooling pad and mist pumps (SPEC §2 /remote-control/env-control/pumps) through the real HTTP
 * layer and the embedded broker: applied per house, sent as `setPumps` with the version, synced by
 * the ack, restored and logged; off at or above on, a humidity limit outside 0-100, cycles not in
 * multiples of 10 s and a repeated pump are refused with 99996 per field, an unknown kind (a wrong
 * cooling type) with 20010.
 */
settingGroupSuite({
  title: 'cooling pad and mist pumps',
  name: 'pump',
  group: 'pumps',
  op: 'setPumps',
  first: pumps(1),
  second: pumps(2),
  invalid: {
    title: 'refuses off at or above on, humidity limits outside 0-100, cycles not in multiples of 10 s, with 99996 per field',
    cases: invalid,
  },
  more: (bench) => {
    it('refuses a kind that is neither pad nor mist as a wrong cooling type (20010) per field, before any code is tried', async () => {
      const { ctx, w, g, dev } = bench();
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
  },
});
