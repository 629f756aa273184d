import type { FixedWindPayload } from '@farmsense/shared';
import { settingGroupSuite } from './group-suite.fixtures.js';

const stage = (fan: number, onAbove: number, offAbove = onAbove - 0.5, runSeconds = 60, stopSeconds = 0) => ({
  fan,
  onAbove,
  offAbove,
  runSeconds,
  stopSeconds,
});
const stages = (first: number): FixedWindPayload => ({ stages: [stage(2, first), stage(3, first + 1, first + 0.5, 120, 60)] });

const invalid: [unknown, string, string][] = [
  [{ stages: [stage(2, 2), stage(3, 2)] }, 'payload.stages.1.onAbove', 'validation.stagesIncreasing'],
  [{ stages: [stage(2, 2, 2)] }, 'payload.stages.0.offAbove', 'validation.fanOffBelowOn'],
  [{ stages: [stage(2, 2, 3)] }, 'payload.stages.0.offAbove', 'validation.fanOffBelowOn'],
  [{ stages: [stage(2, 2, 1, 45)] }, 'payload.stages.0.runSeconds', 'validation.multipleOf10'],
  [{ stages: [stage(2, 2, 1, 60, 5)] }, 'payload.stages.0.stopSeconds', 'validation.multipleOf10'],
  [{ stages: [stage(2, 1), stage(2, 2)] }, 'payload.stages.1.fan', 'validation.fanRepeated'],
  [{ stages: [stage(2, 20, 1)] }, 'payload.stages.0.onAbove', 'validation.tooLarge'],
];

/**
 * Fixed-speed fan stages (SPEC §2 /remote-control/env-control/fixed-wind) through the real HTTP
 * layer and the embedded broker: applied per house, sent as `setFanStages` with the version,
 * synced by the ack, restored and logged; stages that do not increase, off at or above on and
 * cycles not in multiples of 10 s are refused with 99996 per field (the SPEC has no code of its own).
 */
settingGroupSuite({
  title: 'fixed-speed fan stages',
  name: 'fan',
  group: 'fixedWind',
  op: 'setFanStages',
  first: stages(1),
  second: stages(2),
  invalid: {
    title: 'refuses stages not increasing, off at or above on, cycles not in multiples of 10 s, with 99996 per field',
    cases: invalid,
  },
});
