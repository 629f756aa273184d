import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { APP_CATALOGUE, flattenApps } from '@farmsense/shared';
import type { ReportRow, TrendAnswer } from '../reportsApi';
import { METRICS, worseBy } from './metrics';
import { dayRangeProblem, resolveRange, defaultRange, trendWindow } from './range';
import { reportKind } from './reportKinds';
import { POULTRY_REPORT_CODES, REPORTS, type TableDef } from './reports';
import { chartModel, columnSpecs, pointCount, totalsOf, trendLines, withFigure } from './series';

const row = (over: Partial<ReportRow>): ReportRow => ({ farmId: 2, farmName: 'Demo Poultry Farm', period: '2026-11-01', std: {}, ...over });

describe('poultry report definitions', () => {
  it('define every production report route of SPEC §2, and nothing else', () => {
    const prefixes = ['ci18.column.', 'ci18.grow.', 'ci18.feed.', 'ci18.drink.', 'ci18.egg.', 'ci18.immunel.', 'ci18.business.'];
    const catalogue = flattenApps(APP_CATALOGUE)
      .map((n) => n.code)
      .filter((c) => prefixes.some((p) => c.startsWith(p)));
    expect([...POULTRY_REPORT_CODES].sort()).toEqual([...catalogue].sort());
    expect(POULTRY_REPORT_CODES).toHaveLength(35);
  });

  it('give the route registry each report kind as its definition does', () => {
    for (const code of POULTRY_REPORT_CODES) expect([code, reportKind(code)]).toEqual([code, REPORTS[code]!.kind]);
  });

  it('only name figures the catalogue knows, and chart figures that are also columns', () => {
    for (const [code, def] of Object.entries(REPORTS)) {
      if (def.kind !== 'table') continue;
      for (const m of [...def.metrics, ...(def.chart ?? []), ...(def.kpis ?? [])]) expect(METRICS[m], `${code} ${m}`).toBeDefined();
      for (const m of def.chart ?? []) expect(def.metrics, code).toContain(m);
    }
  });

  it('maps a flock table to house, group, period, day age and its figures; a farm table to farm and period', () => {
    const daily = REPORTS['ci18.column.daily'] as TableDef;
    expect(columnSpecs(daily).map((s) => s.key)).toEqual(['shed', 'groupNo', 'period', 'dayAge', ...daily.metrics]);
    expect(daily).toMatchObject({ endpoint: 'summary', periods: ['day'], groupBy: 'flock' });
    const monthly = REPORTS['ci18.business.field-monthly'] as TableDef;
    expect(
      columnSpecs(monthly)
        .slice(0, 2)
        .map((s) => s.key),
    ).toEqual(['farm', 'period']);
    expect(monthly).toMatchObject({
      periods: ['month'],
      groupBy: 'farm',
      kpis: ['livability', 'fcr', 'fcrCorrected', 'epef', 'layingRate'],
    });
    const health = REPORTS['ci18.immunel.health'] as TableDef;
    expect(columnSpecs(health).map((s) => s.key)).toEqual([
      'shed',
      'groupNo',
      'dayAge',
      ...health.metrics,
      'lastImmunization',
      'lastMedication',
    ]);
  });

  it('maps trends to curve indicator codes (SPEC §3)', () => {
    expect(REPORTS['ci18.grow.grow-trend']).toEqual({ kind: 'trend', indicators: ['02', '03'] });
    expect(REPORTS['ci18.egg.egg-feed-ratio']).toEqual({ kind: 'trend', indicators: ['12'], prefer: [1, 4] });
    expect(REPORTS['ci18.immunel.derug']).toEqual({ kind: 'records', record: 'drug' });
  });
});

describe('rows to chart lines', () => {
  it('draws one solid line per flock and its standard dashed, on the periods present', () => {
    const rows = [
      row({ flockId: 1, shedName: 'H1', groupNo: 'B1', period: '2026-11-02', avgWeight: 1100, std: { avgWeigh: 1012 } }),
      row({ flockId: 1, shedName: 'H1', groupNo: 'B1', period: '2026-11-01', avgWeight: 1000, std: { avgWeigh: 950 } }),
      row({ flockId: 2, shedName: 'H2', groupNo: 'B2', period: '2026-11-02', avgWeight: null, std: {} }),
    ];
    const model = chartModel(rows, 'avgWeight', 'day', 'flock', { standard: (n) => `${n} std` });
    expect(model.categories).toEqual(['2026-11-01', '2026-11-02']);
    expect(model.lines.map((l) => [l.name, l.kind, l.values])).toEqual([
      ['H1 · B1', 'actual', [1000, 1100]],
      ['H1 · B1 std', 'standard', [950, 1012]],
      ['H2 · B2', 'actual', [null, null]],
    ]);
  });

  it('puts weekly flock rows on weeks of age, so flocks of different ages line up', () => {
    const rows = [
      row({ flockId: 1, week: 3, period: '2026-10-26', fcr: 1.4 }),
      row({ flockId: 1, week: 2, period: '2026-10-19', fcr: 1.2 }),
    ];
    expect(chartModel(rows, 'fcr', 'week', 'flock', { standard: (n) => n }).categories).toEqual(['W002', 'W003']);
  });

  it('turns a trend answer into actual and standard lines on day or week of age', () => {
    const answer: TrendAnswer = {
      series: [
        {
          flockId: 7,
          groupNo: 'B7',
          shedName: 'H7',
          indicator: '02',
          points: [
            { dayAge: 6, day: '2026-11-01', week: 1, actual: 200, standard: 213 },
            { dayAge: 13, day: '2026-11-08', week: 2, actual: null, standard: 533 },
          ],
        },
      ],
    };
    const names = { actual: (n: string) => n, standard: (n: string) => `${n} standard` };
    const day = trendLines(answer, 'day', names);
    expect(day.map((l) => [l.name, l.kind, l.points])).toEqual([
      [
        'H7 · B7',
        'actual',
        [
          [6, 200],
          [13, null],
        ],
      ],
      [
        'H7 · B7 standard',
        'standard',
        [
          [6, 213],
          [13, 533],
        ],
      ],
    ]);
    expect(pointCount(day[0]!.points)).toBe(1);
    expect(trendLines(answer, 'week', names)[0]!.points.map(([x]) => x)).toEqual([1, 2]);
  });

  it('leaves out flocks without a single egg on egg reports, but keeps a layer day not yet entered', () => {
    expect((REPORTS['ci18.egg.egg-records-daily'] as TableDef).requires).toBe('eggCount');
    expect((REPORTS['ci18.column.daily'] as TableDef).requires).toBeUndefined();
    expect((REPORTS['ci18.business.group-daily'] as TableDef).requires).toBeUndefined();
    const rows = [
      row({ flockId: 1, eggCount: null }),
      row({ flockId: 2, eggCount: 900 }),
      row({ flockId: 2, eggCount: null, period: '2026-11-02' }),
    ];
    expect(withFigure(rows, 'flock', 'eggCount').map((r) => [r.flockId, r.period])).toEqual([
      [2, '2026-11-01'],
      [2, '2026-11-02'],
    ]);
    expect(withFigure(rows, 'flock', undefined)).toHaveLength(3);
  });

  it('sums additive figures when the server sends no totals', () => {
    const rows = [row({ dead: 3, feedKg: 10, fcr: 1.5 }), row({ dead: 2, feedKg: null, fcr: 1.7 })];
    expect(totalsOf(rows, null, ['dead', 'feedKg', 'fcr'])).toMatchObject({ dead: 5, feedKg: 10 });
    expect(totalsOf(rows, null, ['fcr'])!.fcr).toBeUndefined();
    // Flocks left out of the rows are still in the server's totals: sums are redone, stock levels dropped.
    const server = row({ dead: 9, closing: 50_000, feedKg: 99, layingRate: 88 });
    expect(totalsOf(rows, server, ['dead', 'closing', 'layingRate'], false)).toBe(server);
    expect(totalsOf(rows, server, ['dead', 'closing', 'layingRate'], true)).toMatchObject({ dead: 5, closing: null, layingRate: 88 });
  });
});

describe('figures against the standard', () => {
  it('marks a figure only when it is more than 5 % on the wrong side', () => {
    expect(worseBy(1.6, 1.5, 'lower')).toBeCloseTo(0.0667, 3);
    expect(worseBy(1.55, 1.5, 'lower')).toBeNull();
    expect(worseBy(900, 1000, 'higher')).toBeCloseTo(0.1, 5);
    expect(worseBy(1100, 1000, 'higher')).toBeNull();
    expect(worseBy(120, 100, 'both')).toBeCloseTo(0.2, 5);
    expect(worseBy(null, 100, 'higher')).toBeNull();
    expect(worseBy(5, 0, 'lower')).toBeNull();
  });
});

describe('report ranges', () => {
  const now = dayjs('2026-11-21');
  it('resolves each period to calendar days, never past today', () => {
    const s = defaultRange(now);
    expect(resolveRange('day', s, now)).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(resolveRange('week', s, now)).toEqual({ start: '2026-09-01', end: '2026-11-21' });
    expect(resolveRange('month', { ...s, year: 2025 }, now)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(resolveRange('year', s, now)).toEqual({ start: '2022-01-01', end: '2026-11-21' });
  });

  it('refuses day ranges over 30 days (SPEC §5)', () => {
    expect(dayRangeProblem('2026-10-22', '2026-11-21')).toBeNull();
    expect(dayRangeProblem('2026-10-21', '2026-11-21')).toBe('validation.rangeMaxDays');
    expect(dayRangeProblem('2026-11-21', '2026-11-20')).toBe('validation.startAfterEnd');
  });

  it('sends trend windows as the last N days, or the whole life', () => {
    expect(trendWindow('all', now)).toEqual({});
    expect(trendWindow(7, now)).toEqual({ start: '2026-11-15', end: '2026-11-21' });
  });
});
