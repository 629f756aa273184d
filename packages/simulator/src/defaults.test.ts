import {
  dynamicWindPayload,
  fixedWindPayload,
  pumpsPayload,
  pumpsPayloadShape,
  warnBarPayload,
  warnButtonPayload,
  warnNh3Payload,
  warnRhPayload,
  windowPayload,
} from '@farmsense/shared';
import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import {
  DEFAULT_WARN_BAR,
  DEFAULT_WARN_BUTTON,
  DEFAULT_WARN_NH3,
  DEFAULT_WARN_RH,
  defaultDynamicWind,
  defaultFixedWind,
  defaultPumps,
  defaultWindow,
} from './defaults.js';
import { ShedModel } from './model.js';
import { PROFILES, SHED_KINDS } from './profiles.js';
import { parseFanStages, parsePumps } from './settings.js';
import { parseOpenings } from './openings.js';
import { parseDynamicWind } from './ventilation.js';
import { parseWarn } from './warn.js';

describe('the controller defaults of each setting group', () => {
  it('pass the shared payload rules and the controller own parsing for every house kind', () => {
    for (const kind of SHED_KINDS) {
      const p = PROFILES[kind];
      const fixed = defaultFixedWind(p)!;
      expect(fixedWindPayload.safeParse(fixed).error, kind).toBeUndefined();
      expect(parseFanStages(fixed.stages, p.fans.count), kind).toEqual(fixed.stages);
      const dynamic = defaultDynamicWind(p);
      expect(dynamicWindPayload.safeParse(dynamic).error, kind).toBeUndefined();
      expect(parseDynamicWind({ version: 1, ...dynamic }), kind).toEqual(dynamic);
      const window = defaultWindow(p)!;
      expect(windowPayload.safeParse(window).error, kind).toBeUndefined();
      expect(parseOpenings(window.openings, p), kind).toEqual(window.openings);
      const pumps = defaultPumps(p);
      expect(pumps === null, kind).toBe(p.pumps === 0);
      if (pumps) {
        expect(pumpsPayload.safeParse(pumps).error, kind).toBeUndefined();
        expect(pumpsPayloadShape.safeParse(pumps).error, kind).toBeUndefined();
        expect(parsePumps(pumps.pumps, p.pumps), kind).toEqual(pumps.pumps);
      }
    }
    expect(warnRhPayload.safeParse(DEFAULT_WARN_RH).error).toBeUndefined();
    expect(warnBarPayload.safeParse(DEFAULT_WARN_BAR).error).toBeUndefined();
    expect(warnNh3Payload.safeParse(DEFAULT_WARN_NH3).error).toBeUndefined();
    expect(warnButtonPayload.safeParse(DEFAULT_WARN_BUTTON).error).toBeUndefined();
    expect(parseWarn('setRhAlarm', DEFAULT_WARN_RH)).toEqual(DEFAULT_WARN_RH);
    expect(parseWarn('setPressureAlarm', DEFAULT_WARN_BAR)).toEqual(DEFAULT_WARN_BAR);
    expect(parseWarn('setNh3Alarm', DEFAULT_WARN_NH3)).toEqual(DEFAULT_WARN_NH3);
    expect(parseWarn('setAlarmButton', DEFAULT_WARN_BUTTON)).toEqual(DEFAULT_WARN_BUTTON);
  });

  it('are what a new simulated house runs and reports', () => {
    const model = new ShedModel({ code: 'fs-def01', kind: 'broiler', seed: 1, placedAt: Date.UTC(2026, 6, 1), faults: false });
    const p = model.profile;
    expect([...model.settings.fans.values()]).toEqual(defaultFixedWind(p)!.stages);
    expect(model.settings.dynamic).toEqual(defaultDynamicWind(p));
    expect([...(model.settings.openings?.values() ?? [])]).toEqual(defaultWindow(p)!.openings);
    expect([...(model.settings.pumps?.values() ?? [])]).toEqual(defaultPumps(p)!.pumps);
    const ack = applyCommand(model, { id: 'c1', op: 'getState' }, Date.UTC(2026, 6, 20));
    expect(ack.data.alarmLimits).toEqual({
      setRhAlarm: DEFAULT_WARN_RH,
      setPressureAlarm: DEFAULT_WARN_BAR,
      setNh3Alarm: DEFAULT_WARN_NH3,
      setAlarmButton: DEFAULT_WARN_BUTTON,
    });
  });
});
