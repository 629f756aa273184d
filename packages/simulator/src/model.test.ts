import { describe, expect, it } from 'vitest';
import { BROILER_TARGET, FARROWING_TARGET, FATTENING_TARGET, NURSERY_TARGET, interpolate } from './curves.js';
import { buildFleet } from './fleet.js';
import { ShedModel, type ShedConfig } from './model.js';
import type { ShedKind } from './profiles.js';
import { testHouse, NOVEMBER_MIDNIGHT as MIDNIGHT, DAY, HOUR } from './test-house.js';

// Local midnight (UTC+8) of a November day: placement days are counted from here.

function shed(kind: ShedKind, dayAge: number, outTemp: number, extra: Partial<ShedConfig> = {}): ShedModel {
  return testHouse({
    code: `fs-${kind}`,
    kind,
    seed: 7,
    midnight: MIDNIGHT,
    dayAge,
    outside: { temp: outTemp, rh: 70 },
    weatherSeed: 1,
    more: extra,
  });
}

/** Mean of the temperature sensors over `hours`, sampled every 5 minutes. */
function meanTemp(m: ShedModel, from: number, hours: number): number {
  let sum = 0;
  let n = 0;
  for (let t = from + 300_000; t <= from + hours * HOUR; t += 300_000) {
    const v = m.step(300, t).values;
    for (const [k, x] of Object.entries(v))
      if (k.startsWith('temp.')) {
        sum += x;
        n++;
      }
  }
  return sum / n;
}

describe('ShedModel climate', () => {
  it('tracks the broiler set-point curve by day age and reports day age and target', () => {
    for (const age of [1, 7, 14, 21, 28, 35]) {
      const m = shed('broiler', age, 8);
      const noon = MIDNIGHT + 12 * HOUR;
      m.warmUp(noon - 2 * HOUR, 8);
      const mean = meanTemp(m, noon - 2 * HOUR, 2);
      const target = interpolate(BROILER_TARGET, age + 0.5);
      expect(Math.abs(mean - target), `day ${age}: ${mean.toFixed(2)} vs ${target}`).toBeLessThan(1);
      const v = m.step(60, noon + 60_000).values;
      expect(v['dayAge.1']).toBe(age);
      expect(v['targetTemp.1']).toBeCloseTo(interpolate(BROILER_TARGET, age + 0.5), 0);
    }
  });

  it('keeps pig rooms at their barn-type temperatures', () => {
    const cases: [ShedKind, number, number][] = [
      ['farrowing', 2, interpolate(FARROWING_TARGET, 2.5)],
      ['farrowing', 27, interpolate(FARROWING_TARGET, 27.5)],
      ['nursery', 2, interpolate(NURSERY_TARGET, 2.5)],
      ['nursery', 40, interpolate(NURSERY_TARGET, 40.5)],
      ['fattening', 5, interpolate(FATTENING_TARGET, 5.5)],
      ['fattening', 100, interpolate(FATTENING_TARGET, 100.5)],
    ];
    for (const [kind, age, target] of cases) {
      const m = shed(kind, age, 14);
      const noon = MIDNIGHT + 12 * HOUR;
      m.warmUp(noon - 2 * HOUR, 8);
      const mean = meanTemp(m, noon - 2 * HOUR, 2);
      expect(Math.abs(mean - target), `${kind} day ${age}: ${mean.toFixed(2)} vs ${target}`).toBeLessThan(1.5);
    }
    expect(interpolate(FARROWING_TARGET, 1)).toBe(22);
    expect(interpolate(FARROWING_TARGET, 20)).toBe(20);
    expect([4, 11, 18, 30].map((d) => interpolate(NURSERY_TARGET, d))).toEqual([28, 26, 24, 22]);
    expect(interpolate(NURSERY_TARGET, 1)).toBe(28);
    expect(interpolate(FATTENING_TARGET, 200)).toBe(18);
  });

  it('ventilates harder, and opens the inlets, when the house is warmer than the set-point', () => {
    const warm = shed('broiler', 35, 26);
    const cool = shed('broiler', 35, 5);
    const t = MIDNIGHT + 12 * HOUR;
    warm.warmUp(t, 6);
    cool.warmUp(t, 6);
    const w = warm.inspect(t);
    const c = cool.inspect(t);
    expect(w.airflow).toBeGreaterThan(3 * c.airflow);
    expect(w.actuators.fan.filter((f) => f === 100).length).toBeGreaterThan(c.actuators.fan.filter((f) => f === 100).length);
    expect(w.actuators.window[0]!).toBeGreaterThan(c.actuators.window[0]!);
    expect(w.actuators.heater.every((h) => h === 0)).toBe(true);
    // Brooding chicks on a cold day need the heaters.
    const chicks = shed('broiler', 2, 0);
    chicks.warmUp(t, 6);
    expect(chicks.inspect(t).actuators.heater.some((h) => h === 1)).toBe(true);
  });

  it('cools the shed when the fans are run at 100 % by hand', () => {
    const t0 = MIDNIGHT + 10 * HOUR;
    const base = shed('broiler', 30, 12);
    const forced = shed('broiler', 30, 12);
    const one = shed('broiler', 30, 12);
    for (const m of [base, forced, one]) m.warmUp(t0, 6);
    for (let i = 1; i <= 6; i++) forced.setManual(`fan.${i}`, 100);
    forced.setManual('heater.1', 0);
    forced.setManual('heater.2', 0);
    one.setManual('fan.1', 100);
    const b = meanTemp(base, t0, 1);
    const f = meanTemp(forced, t0, 1);
    const o = meanTemp(one, t0, 1);
    expect(b - f).toBeGreaterThan(3);
    expect(f).toBeGreaterThan(12);
    expect(o).toBeLessThan(b);
    expect(forced.inspect().actuators.fan).toEqual([100, 100, 100, 100, 100, 100]);
    // Back to automatic: the controller takes over again and the house warms back up.
    forced.releaseAll();
    const after = meanTemp(forced, t0 + HOUR, 3);
    expect(after).toBeGreaterThan(f + 2);
  });

  it('gives higher gas levels at low ventilation and none in an empty house', () => {
    const t = MIDNIGHT + 12 * HOUR;
    const winter = shed('broiler', 35, -5);
    const summer = shed('broiler', 35, 28);
    winter.warmUp(t, 6);
    summer.warmUp(t, 6);
    expect(winter.inspect(t).co2).toBeGreaterThan(summer.inspect(t).co2 + 300);
    expect(winter.inspect(t).nh3).toBeGreaterThan(summer.inspect(t).nh3);
    const empty = shed('broiler', 45, 10);
    empty.warmUp(t, 12);
    const v = empty.step(60, t + 60_000).values;
    expect(v['dayAge.1']).toBeUndefined();
    expect(v['targetTemp.1']).toBeUndefined();
    expect(v['co2.1']).toBeLessThan(480);
    expect(v['nh3.1']).toBeLessThan(1);
  });
});

describe('ShedModel meters, faults and determinism', () => {
  it('counts water and electricity up, never down, at realistic daily rates', () => {
    const m = shed('broiler', 20, 15, { faults: undefined, meters: { water: 1000, elec: 500 } });
    let lastW = 1000;
    let lastE = 500;
    const start = MIDNIGHT + 19 * DAY;
    for (let t = start + 300_000; t <= start + 3 * DAY; t += 300_000) {
      const v = m.step(300, t).values;
      if (v['water.1'] !== undefined) {
        expect(v['water.1']).toBeGreaterThanOrEqual(lastW);
        lastW = v['water.1'];
      }
      if (v['elec.1'] !== undefined) {
        expect(v['elec.1']).toBeGreaterThanOrEqual(lastE);
        lastE = v['elec.1'];
      }
    }
    const s = m.inspect();
    const perBirdPerDay = (s.water - 1000) / 3 / 20000;
    expect(perBirdPerDay).toBeGreaterThan(0.15);
    expect(perBirdPerDay).toBeLessThan(0.5);
    const kwhPerDay = (s.elec - 500) / 3;
    expect(kwhPerDay).toBeGreaterThan(40);
    expect(kwhPerDay).toBeLessThan(800);
  });

  it('drops a sensor key for a while, and goes offline and back', () => {
    const m = shed('broiler', 20, 15);
    const t0 = MIDNIGHT + 19 * DAY;
    m.warmUp(t0, 1);
    m.faults.forceDropout('temp.2', t0, 20 * 60_000);
    const during = m.step(60, t0 + 60_000);
    expect(during.values['temp.2']).toBeUndefined();
    expect(during.values['temp.1']).toBeDefined();
    expect(m.step(60 * 20, t0 + 21 * 60_000).values['temp.2']).toBeDefined();

    m.faults.forceOffline(t0 + 21 * 60_000, 10 * 60_000);
    const off = m.step(60, t0 + 22 * 60_000);
    expect(off.online).toBe(false);
    expect(off.values).toEqual({});
    expect(off.events.map((e) => e.status)).toEqual(['offline']);
    const back = m.step(600, t0 + 32 * 60_000);
    expect(back.online).toBe(true);
    expect(back.events.map((e) => e.status)).toEqual(['online']);
    expect(Object.keys(back.values).length).toBe(m.keys.length);
  });

  it('has natural drop-outs and outages over a month, each outage followed by a return', () => {
    const m = shed('fattening', 30, 15, { faults: undefined });
    const start = MIDNIGHT + 29 * DAY;
    const events: string[] = [];
    let dropped = 0;
    for (let t = start + 300_000; t <= start + 30 * DAY; t += 300_000) {
      const r = m.step(300, t);
      events.push(...r.events.map((e) => e.status));
      if (r.online && Object.keys(r.values).length < m.keys.length) dropped++;
    }
    expect(events.length).toBeGreaterThanOrEqual(4);
    events.forEach((e, i) => expect(e).toBe(i % 2 === 0 ? 'offline' : 'online'));
    expect(dropped).toBeGreaterThan(0);
  });

  // A full simulated week at two step lengths: seconds of CPU, more on a loaded machine.
  it('is deterministic for a seed, and the fault schedule does not depend on the step length', () => {
    const run = (seed: number, stepS: number): { values: string[]; events: number[] } => {
      const [m] = buildFleet([{ code: 'fs-demo04', shedType: 1001, farm: 2 }], { seed, anchor: MIDNIGHT });
      const values: string[] = [];
      const events: number[] = [];
      for (let t = MIDNIGHT + stepS * 1000; t <= MIDNIGHT + 20 * DAY; t += stepS * 1000) {
        const r = m!.step(stepS, t);
        events.push(...r.events.map((e) => e.ts));
        if (t % HOUR === 0) values.push(JSON.stringify(r.values));
      }
      return { values, events };
    };
    const a = run(42, 300);
    expect(run(42, 300)).toEqual(a);
    expect(run(43, 300).values).not.toEqual(a.values);
    const fine = run(42, 60);
    expect(fine.events.length).toBe(a.events.length);
    fine.events.forEach((ts, i) => expect(Math.abs(ts - a.events[i]!)).toBeLessThanOrEqual(300_000));
  }, 30_000);

  it('shares one smooth outside weather between the sheds of a farm', () => {
    const fleet = buildFleet(
      [
        { code: 'fs-a1', shedType: 1001, farm: 'A' },
        { code: 'fs-a2', shedType: 1002, farm: 'A' },
        { code: 'fs-b1', shedType: 4, farm: 'B' },
      ],
      { seed: 3, anchor: MIDNIGHT, faults: false },
    );
    const t = MIDNIGHT + 5 * DAY;
    expect(fleet[0]!.weather.at(t)).toEqual(fleet[1]!.weather.at(t));
    expect(fleet[0]!.weather.at(t).temp).not.toBe(fleet[2]!.weather.at(t).temp);
    let prev = fleet[0]!.weather.at(t).temp;
    for (let s = t + 300_000; s < t + 2 * DAY; s += 300_000) {
      const cur = fleet[0]!.weather.at(s).temp;
      expect(Math.abs(cur - prev)).toBeLessThan(0.6);
      prev = cur;
    }
    // Afternoons are warmer than dawns on average.
    let warmer = 0;
    for (let d = 0; d < 20; d++) {
      const base = MIDNIGHT + d * DAY;
      if (fleet[0]!.weather.at(base + 14 * HOUR).temp > fleet[0]!.weather.at(base + 5 * HOUR).temp) warmer++;
    }
    expect(warmer).toBeGreaterThanOrEqual(16);
  });

  it('publishes the keys of its profile within the CONTRACT limits', () => {
    const fleet = buildFleet(
      [2, 3, 4, 1001, 1002].map((shedType, i) => ({ code: `fs-k${i}`, shedType })),
      { seed: 1, anchor: MIDNIGHT, faults: false },
    );
    for (const m of fleet) {
      const v = m.step(60, MIDNIGHT + HOUR).values;
      for (const key of Object.keys(v)) expect(key).toMatch(/^[a-zA-Z][a-zA-Z0-9]*\.[0-9]+$/);
      expect(Object.keys(v).filter((k) => k.startsWith('temp.')).length).toBeLessThanOrEqual(16);
      expect(v['water.1']).toBeGreaterThan(0);
      expect(v['outTemp.1']).toBeTypeOf('number');
    }
    expect(fleet.map((m) => m.profile.kind)).toEqual(['farrowing', 'nursery', 'fattening', 'broiler', 'layer']);
  });
});
