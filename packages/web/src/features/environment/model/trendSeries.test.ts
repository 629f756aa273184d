import { describe, expect, it } from 'vitest';
import type { TrendSeries } from '@farmsense/shared';
import { breakGaps } from '../../../ui/charts/TimeSeriesChart';
import { medianStep, spreadBand } from './trendSeries';

const s = (key: string, points: [number, number, number, number][]): TrendSeries => ({
  gatewayCode: 'fs-a',
  key,
  unit: '°C',
  points,
  stats: null,
});

describe('trend chart data', () => {
  it('spans the band from the lowest minimum to the highest maximum of all sensors at each time', () => {
    const band = spreadBand([
      s('temp.1', [
        [1, 20, 19, 21],
        [2, 20, 19.5, 20.5],
      ]),
      s('temp.2', [
        [1, 22, 21, 23],
        [3, 22, 22, 22],
      ]),
    ]);
    expect(band).toEqual([
      [1, 19, 23],
      [2, 19.5, 20.5],
      [3, 22, 22],
    ]);
  });

  it('breaks a line only across gaps longer than the limit', () => {
    expect(medianStep([[0], [10], [20], [100]])).toBe(10);
    expect(
      breakGaps(
        [
          [0, 1],
          [10, 2],
          [100, 3],
        ],
        40,
      ),
    ).toEqual([
      [0, 1],
      [10, 2],
      [11, null],
      [100, 3],
    ]);
    expect(
      breakGaps(
        [
          [0, 1],
          [10, 2],
        ],
        undefined,
      ),
    ).toEqual([
      [0, 1],
      [10, 2],
    ]);
  });
});
