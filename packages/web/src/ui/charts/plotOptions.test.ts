import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../app/i18n/i18n';
import { PALETTES } from './chartTheme';
import { drawnLines, plotData, plotOptions, timeTicks, type PlotSpec } from './plotOptions';

const at = (h: number, m = 0): number => new Date(2026, 10, 27, h, m).getTime();
const spec = (over: Partial<PlotSpec> = {}): PlotSpec => ({
  lines: [
    {
      id: 'a',
      name: 'Temperature 1',
      points: [
        [at(8), 21.5],
        [at(9), null],
        [at(10), 22],
      ],
    },
    { id: 'b', name: 'Temperature 2', points: [[at(9), 23]] },
    { id: 'c', name: 'Temperature 3', points: [[at(8), null]] },
  ],
  x: { kind: 'time' },
  yTitle: 'Temperature (°C)',
  unit: '°C',
  decimals: 1,
  ...over,
});
const env = { width: 600, height: 300, palette: PALETTES.light, color: (i: number) => `#${i}` };

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('chart data and options', () => {
  it('draws only lines with a value, so no legend entry stands for an empty line', () => {
    expect(drawnLines(spec().lines).map((l) => l.id)).toEqual(['a', 'b']);
    expect(plotOptions(spec(), env).series.map((s) => s.label)).toEqual([undefined, 'Temperature 1', 'Temperature 2']);
  });

  it('aligns lines on one x axis: a reading missing is a gap (null), a moment a line has no reading is drawn across (undefined)', () => {
    const [xs, a, b] = plotData(spec());
    expect(xs).toEqual([at(8), at(9), at(10)]);
    expect(a).toEqual([21.5, null, 22]);
    expect(b).toEqual([undefined, 23, undefined]);
  });

  it('keeps the asked time range on the axis even where there is no data, and puts the band first', () => {
    const data = plotData(spec({ range: [at(6), at(12)], band: { name: 'Spread', points: [[at(8), 20, 23]] } }));
    expect(data[0]).toEqual([at(6), at(8), at(9), at(10), at(12)]);
    expect(data[1]).toEqual([undefined, 20, undefined, undefined, undefined]);
    expect(data[2]).toEqual([undefined, 23, undefined, undefined, undefined]);
    const opts = plotOptions(spec({ band: { name: 'Spread', points: [[at(8), 20, 23]] } }), env);
    expect(opts.bands).toEqual([{ series: [2, 1], fill: PALETTES.light.band }]);
  });

  it('titles both axes and puts a second unit on a right-hand axis', () => {
    const two = spec({
      lines: [...spec().lines, { id: 'p', name: 'Fan', points: [[at(8), 40]], axis: 2 }],
      y2Title: 'Fan (%)',
      secondUnit: '%',
    });
    const opts = plotOptions(two, env);
    expect(opts.axes!.map((a) => [a.scale ?? 'x', a.label, a.side ?? 2])).toEqual([
      ['x', undefined, 2],
      ['y', 'Temperature (°C)', 3],
      ['y2', 'Fan (%)', 1],
    ]);
    expect(Object.keys(opts.scales!)).toEqual(['x', 'y', 'y2']);
  });

  it('writes values in the reader’s number format, with the unit', async () => {
    const big = spec({ lines: [{ id: 'w', name: 'Weight', points: [[1, 1234.5]] }], x: { kind: 'number', title: 'Day age' }, unit: 'g' });
    const value = (): string => {
      const s = plotOptions(big, env).series[1]!;
      return typeof s.value === 'function' ? String(s.value(undefined as never, 1234.5, 1, 0)) : '';
    };
    await i18n.changeLanguage('en-us');
    expect(value()).toBe('1,234.5 g');
    await i18n.changeLanguage('ru');
    expect(value()).toBe('1\u00a0234,5 g');
  });

  it('labels time ticks in numbers, with the date where a new day starts', () => {
    expect(timeTicks([at(22), at(23), at(0) + 86_400_000, at(1) + 86_400_000], 3_600_000)).toEqual([
      '11-27\n22:00',
      '23:00',
      '11-28\n00:00',
      '01:00',
    ]);
    expect(timeTicks([at(0), at(0) + 86_400_000], 86_400_000)).toEqual(['11-27', '11-28']);
  });

  it('names category ticks by their label', () => {
    const weeks = spec({ x: { kind: 'category', title: 'Week', labels: ['W1', 'W2', 'W3'] } });
    const axis = plotOptions(weeks, env).axes![0]!;
    const values = axis.values as (u: unknown, splits: number[]) => string[];
    expect(values(undefined, [0, 1, 2])).toEqual(['W1', 'W2', 'W3']);
  });
});
