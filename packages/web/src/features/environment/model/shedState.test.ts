import { describe, expect, it } from 'vitest';
import type { ShedMonitor } from '@farmsense/shared';
import { gasLevel, rhLevel, tempComfort } from './comfort';
import { actuatorSummary, shedState } from './shedState';

const T0 = 1_790_000_000_000;
const STALE = 15 * 60_000;

function monitor(gateways: string[]): ShedMonitor {
  const v = (code: string, key: string, value: number, ts = T0): { key: string; value: number; ts: number; gatewayCode: string } => ({
    gatewayCode: code,
    key,
    value,
    ts,
  });
  return {
    shedId: 7,
    shedName: 'H',
    shedType: 1001,
    areaNum: 1,
    buildingNum: 1,
    shedNum: 1,
    gateways: gateways.map((code) => ({ code, name: code, online: true, lastSeenAt: T0 })),
    online: true,
    lastTs: T0,
    kinds: { temp: { kind: 'temp', unit: '°C', values: gateways.map((c, i) => v(c, 'temp.1', 20 + i)), min: 20, avg: 20, max: 20 } },
    dayAge: 12,
    targetTemp: 28,
    activeActuators: [],
    actuators: [v(gateways[0]!, 'fan.1', 50), v(gateways[0]!, 'fan.2', 0), v(gateways[0]!, 'heater.1', 1)],
    meters: [],
  };
}

describe('shed state from snapshot and stream', () => {
  it('replaces older values sensor by sensor and keeps sensors of other gateways apart', () => {
    const m = monitor(['fs-a', 'fs-b']);
    const live = [{ gatewayId: 2, shedId: 7, ts: T0 + 30_000, values: { 'temp.1': { value: 26, ts: T0 + 30_000 } }, online: true }];
    const s = shedState(m, live, new Map([[2, 'fs-b']]), STALE);
    expect(s.kinds.temp!.readings.map((r) => `${r.gatewayCode}:${r.value}`).sort()).toEqual(['fs-a:20', 'fs-b:26']);
    expect(s.kinds.temp!.avg).toBe(23);
    expect(s.lastTs).toBe(T0 + 30_000);
    expect(s.targetTemp).toBe(28);
    expect(s.dayAge).toBe(12);
  });

  it('maps a single gateway without a lookup and ignores a late redelivery', () => {
    const m = monitor(['fs-a']);
    const late = [{ gatewayId: 9, shedId: 7, ts: T0 - 60_000, values: { 'temp.1': { value: 99, ts: T0 - 60_000 } } }];
    expect(shedState(m, late, new Map(), STALE).kinds.temp!.avg).toBe(20);
  });

  it('drops a sensor that stopped reporting, like the server does', () => {
    const m = monitor(['fs-a']);
    const live = [{ gatewayId: 1, shedId: 7, ts: T0 + 20 * 60_000, values: { 'rh.1': { value: 60, ts: T0 + 20 * 60_000 } } }];
    const s = shedState(m, live, new Map(), STALE);
    expect(s.kinds.temp).toBeUndefined();
    expect(s.kinds.rh!.avg).toBe(60);
  });

  it('takes the link state from status events', () => {
    const s = shedState(monitor(['fs-a']), [{ gatewayId: 1, shedId: 7, ts: null, values: {}, online: false }], new Map(), STALE);
    expect(s.online).toBe(false);
  });

  it('counts running fans and heaters on', () => {
    const { fans, heaters } = actuatorSummary(shedState(monitor(['fs-a']), [], new Map(), STALE).actuators);
    expect(fans).toEqual({ running: 1, total: 2, meanSpeed: 50 });
    expect(heaters).toEqual({ on: 1, total: 1 });
  });
});

describe('comfort bands', () => {
  it('judges temperature against the set-point in two steps', () => {
    expect(tempComfort(23, 22.2)).toEqual({ level: 'ok', delta: 0.8 });
    expect(tempComfort(25, 22.2)?.level).toBe('warn');
    expect(tempComfort(17, 22.2)).toEqual({ level: 'alarm', delta: -5.2 });
    expect(tempComfort(23, null)).toBeNull();
  });

  it('uses the DESIGN.md air limits per species', () => {
    expect(gasLevel('nh3', 21, 'poultry')).toBe('alarm');
    expect(gasLevel('co2', 3500, 'poultry')).toBe('alarm');
    // pigs: the CIGR animal limits, not the human workplace ones (5000 / 10 ppm)
    expect(gasLevel('co2', 3500, 'pig')).toBe('alarm');
    expect(gasLevel('co2', 2800, 'pig')).toBe('warn');
    expect(gasLevel('h2s', 0.4, 'pig')).toBe('warn');
    expect(gasLevel('h2s', 0.6, 'pig')).toBe('alarm');
    expect(gasLevel('nh3', 21, 'pig')).toBe('alarm');
    expect(rhLevel(55)).toBe('ok');
    expect(rhLevel(85)).toBe('warn');
    expect(rhLevel(25)).toBe('alarm');
  });
});
