import { describe, expect, it } from 'vitest';
import { lightingAt, lightingPayload } from './lighting.js';

const point = (day: number, on = '06:00', off = '22:00', intensity = 80) => ({ day, on, off, intensity });
const issues = (points: unknown) => lightingPayload.safeParse({ points }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('lighting schedule rules', () => {
  it('takes up to 10 points with days increasing and refuses the rest per field', () => {
    expect(issues([point(0), point(7, '05:30', '01:00', 40)])).toEqual([]);
    expect(issues([point(7), point(7)])).toEqual([['points.1.day', 'validation.daysIncreasing']]);
    expect(issues([point(0, '06:00', '06:00')])).toEqual([['points.0.off', 'validation.lightOnOffSame']]);
    expect(issues([point(0, '24:00')])).toEqual([['points.0.on', 'validation.invalid']]);
    expect(issues([point(0, '06:00', '22:00', 101)])).toEqual([['points.0.intensity', 'validation.tooLarge']]);
    expect(issues([point(-1)])).toEqual([['points.0.day', 'validation.invalid']]);
    expect(issues(Array.from({ length: 11 }, (_, i) => point(i)))).toEqual([['points', 'validation.tooMany']]);
  });

  it('gives the intensity of the point in force inside its on-off window, across midnight (hand-worked)', () => {
    const points = [point(0, '06:00', '22:00', 80), point(21, '22:00', '02:00', 30)];
    expect(lightingAt(points, 5, 6 * 60)).toBe(80); // 06:00 on
    expect(lightingAt(points, 5, 22 * 60)).toBe(0); // 22:00 off
    expect(lightingAt(points, 21, 23 * 60)).toBe(30); // day 21: the second point, 23:00 lit
    expect(lightingAt(points, 30, 60)).toBe(30); // 01:00, past midnight
    expect(lightingAt(points, 30, 12 * 60)).toBe(0);
    expect(lightingAt(points, null, 12 * 60)).toBe(0); // empty house
  });
});
