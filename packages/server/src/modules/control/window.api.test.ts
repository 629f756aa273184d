import { SIDE_INLET, type OpeningSetting, type WindowPayload } from '@farmsense/shared';
import { settingGroupSuite } from './group-suite.fixtures.js';

const opening = (more: Partial<OpeningSetting> = {}): OpeningSetting => ({ ...SIDE_INLET, maxOpen: 90, ...more });
const openings = (pa: number): WindowPayload => ({
  openings: [
    opening({ pressureTarget: pa }),
    opening({ kind: 'roof' }),
    opening({ kind: 'curtain', control: 'temperature', openFrom: 2, fullyOpen: 5, minOpen: 0, maxOpen: 100 }),
  ],
});

const temp = { control: 'temperature' as const };
const invalid: [unknown, string, string][] = [
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

/**
 * Inlets and curtains (SPEC §2 /remote-control/env-control/window) through the real HTTP layer and
 * the embedded broker: applied per house, sent as `setOpenings` with the version, synced by the
 * ack, restored and logged; open-from not below fully-open (temperature-driven), max below min,
 * openings outside 0-100 %, pressures outside 0-80 Pa and a repeated opening are refused with
 * 99996 per field.
 */
settingGroupSuite({
  title: 'inlets and curtains',
  name: 'win',
  group: 'window',
  op: 'setOpenings',
  first: openings(20),
  second: openings(35),
  invalid: {
    title: 'refuses open-from not below fully-open, max below min, openings and pressures off limits, repeats, with 99996 per field',
    cases: invalid,
  },
});
