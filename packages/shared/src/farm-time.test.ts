import { describe, expect, it } from 'vitest';
import { dayRange, farmDay, zoneOffsetMs } from './farm-time.js';

const at = (iso: string): Date => new Date(iso);
const hours = (r: { start: Date; end: Date }): number => (r.end.getTime() - r.start.getTime()) / 3_600_000;

describe('farm calendar days', () => {
  it('gives the day an instant falls on in the farm zone', () => {
    // 2024-03-10 16:30 UTC is already the 11th in Shanghai (+8), still the 10th in Bangkok at 23:30 (+7).
    expect(farmDay(at('2024-03-10T16:30:00Z'), 'Asia/Shanghai')).toBe('2024-03-11');
    expect(farmDay(at('2024-03-10T16:30:00Z'), 'Asia/Bangkok')).toBe('2024-03-10');
    expect(farmDay(at('2024-03-10T17:00:00Z'), 'Asia/Bangkok')).toBe('2024-03-11');
    expect(farmDay(at('2024-03-10T20:59:59Z'), 'Europe/Moscow')).toBe('2024-03-10');
    expect(farmDay(at('2024-03-10T21:00:00Z'), 'Europe/Moscow')).toBe('2024-03-11');
    expect(farmDay(at('2024-12-31T23:00:00Z'), 'Europe/Berlin')).toBe('2025-01-01');
    expect(farmDay(at('2024-01-01T02:00:00Z'), 'America/New_York')).toBe('2023-12-31');
  });

  it('spans 24 hours from local midnight in fixed-offset zones', () => {
    expect(dayRange('2024-03-11', 'Asia/Shanghai')).toEqual({ start: at('2024-03-10T16:00:00Z'), end: at('2024-03-11T16:00:00Z') });
    expect(dayRange('2024-03-11', 'Asia/Bangkok')).toEqual({ start: at('2024-03-10T17:00:00Z'), end: at('2024-03-11T17:00:00Z') });
    expect(dayRange('2024-07-01', 'Europe/Moscow')).toEqual({ start: at('2024-06-30T21:00:00Z'), end: at('2024-07-01T21:00:00Z') });
    expect(dayRange('2024-02-28', 'Asia/Shanghai').end).toEqual(dayRange('2024-02-29', 'Asia/Shanghai').start);
    expect(dayRange('2023-12-31', 'UTC')).toEqual({ start: at('2023-12-31T00:00:00Z'), end: at('2024-01-01T00:00:00Z') });
  });

  it('follows daylight saving: 23 and 25 hour days in Berlin', () => {
    const spring = dayRange('2024-03-31', 'Europe/Berlin');
    expect(spring).toEqual({ start: at('2024-03-30T23:00:00Z'), end: at('2024-03-31T22:00:00Z') });
    expect(hours(spring)).toBe(23);
    const autumn = dayRange('2024-10-27', 'Europe/Berlin');
    expect(autumn).toEqual({ start: at('2024-10-26T22:00:00Z'), end: at('2024-10-27T23:00:00Z') });
    expect(hours(autumn)).toBe(25);
    expect(hours(dayRange('2024-06-15', 'Europe/Berlin'))).toBe(24);
    expect(hours(dayRange('2024-03-10', 'America/New_York'))).toBe(23);
  });

  it('starts a day whose midnight is skipped at its first instant', () => {
    // Santiago moved from -04 to -03 at local midnight on 2024-09-08: the day begins at 01:00 local.
    const r = dayRange('2024-09-08', 'America/Santiago');
    expect(r.start).toEqual(at('2024-09-08T04:00:00Z'));
    expect(farmDay(r.start, 'America/Santiago')).toBe('2024-09-08');
    expect(farmDay(new Date(r.start.getTime() - 1000), 'America/Santiago')).toBe('2024-09-07');
    expect(hours(r)).toBe(23);
  });

  it('puts every instant of a day inside its range and nothing else', () => {
    for (const tz of ['Asia/Shanghai', 'Asia/Bangkok', 'Europe/Moscow', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      for (let t = Date.parse('2024-03-25T00:00:00Z'); t < Date.parse('2024-04-10T00:00:00Z'); t += 37 * 60_000) {
        const day = farmDay(new Date(t), tz);
        const r = dayRange(day, tz);
        expect(r.start.getTime() <= t && t < r.end.getTime(), `${tz} ${new Date(t).toISOString()}`).toBe(true);
      }
    }
  });

  it('reports the zone offset and refuses malformed days', () => {
    expect(zoneOffsetMs(Date.parse('2024-01-15T12:00:00Z'), 'Asia/Bangkok')).toBe(7 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2024-07-15T12:00:00.500Z'), 'Europe/Berlin')).toBe(2 * 3_600_000);
    expect(() => dayRange('2024-02-30', 'Asia/Shanghai')).toThrow(RangeError);
    expect(() => dayRange('20240101', 'Asia/Shanghai')).toThrow(RangeError);
    expect(() => farmDay(new Date(), 'Not/AZone')).toThrow(RangeError);
  });
});
