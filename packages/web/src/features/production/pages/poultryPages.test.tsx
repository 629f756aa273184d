import { createElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import type { FlockOption, ReportRow, TrendRequest } from '../reportsApi';
import { tablePageFor } from './poultryTablePages';
import { trendPageFor } from './poultryTrendPages';
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`poultry.${key}`, vars);
const SHEDS = [{ tid: 40, shedName: 'Broiler 1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 2 }];

function stockRow(day: string, over: Partial<ReportRow> = {}): ReportRow {
  return {
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    flockId: 9,
    groupNo: 'B-2026-01',
    shedId: 40,
    shedName: 'Broiler 1',
    period: day,
    dayAgeFrom: 30,
    dayAgeTo: 30,
    opening: 10000,
    transferIn: 0,
    transferOut: 0,
    dead: 12,
    culled: 3,
    closing: 9985,
    livability: 97.5,
    survivalRate: 99.85,
    mortalityPer10k: 12,
    std: { mortality: 10 },
    ...over,
  };
}

signedInEach({ farms: [POULTRY_FARM] });

/** The page the route registry shows for a report code (each kind from its own module). */
const reportPage = (code: string): ReactElement => createElement(code.endsWith('trend') ? trendPageFor(code) : tablePageFor(code));

describe('poultry table report (/ci18/column/daily)', { timeout: 60_000 }, () => {
  it('asks for the last 7 days by flock and shows the figures with their standard, the totals and the KPIs', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/shedInfo/list': { data: SHEDS },
      'POST /breedpigbuilding/flockReport/summary': {
        data: {
          rows: [stockRow('2026-11-20'), stockRow('2026-11-21', { dead: 4, mortalityPer10k: 4 })],
          totals: stockRow('', { dead: 16, culled: 6, mortalityPer10k: 16, livability: 97.4, std: { mortality: 20 } }),
        },
      },
    });
    renderWithApp(reportPage('ci18.column.daily'));
    const table = await screen.findByRole('table', {}, SLOW);
    const body = calls.find((c) => c.path === '/breedpigbuilding/flockReport/summary')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ farmId: 2, period: 'day', groupBy: 'flock' });
    expect(Number(new Date(String(body.end))) - Number(new Date(String(body.start)))).toBe(6 * 86_400_000);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(menuLabel('ci18.column.daily'));

    expect(within(table).getAllByText(`${t('col.mortalityPer10k')} (${t('unit.per10k')})`).length).toBeGreaterThan(0);
    expect(within(table).getAllByText('B-2026-01')).toHaveLength(2);
    // 12 deaths per 10,000 against a standard of 10 is 20 % worse: marked; 4 is not.
    const marked = table.querySelectorAll('[data-worse="true"]');
    expect([...marked].map((m) => m.textContent)).toEqual(['12.0']);
    expect(within(table).getAllByText(t('std', { value: '10.0' })).length).toBeGreaterThan(0);
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByText(t('totals'))).toBeTruthy();
    expect(within(totals).getByText('16')).toBeTruthy();

    const kpis = screen.getAllByTestId('report-kpi');
    expect(kpis.map((k) => k.getAttribute('data-kpi'))).toEqual(['livability', 'mortalityPer10k']);
    expect(kpis[0]!.textContent).toContain('97.40');
    expect(screen.getByTestId('report-chart').getAttribute('data-lines')).toBe(
      `Broiler 1 · B-2026-01:solid|${t('series.standard', { name: 'Broiler 1 · B-2026-01' })}:dashed`,
    );
  });

  it('says what to do when the range has no data, and exports the same request', async () => {
    let rows: ReportRow[] = [];
    const calls: RecordedCall[] = mockApi({
      'GET /breedpigbuilding/shedInfo/list': { data: SHEDS },
      'POST /breedpigbuilding/flockReport/summary': () => ({ data: { rows, totals: rows[0] ?? null } }),
    });
    renderWithApp(reportPage('ci18.column.daily'));
    expect(await screen.findByText(t('empty.noData'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(t('empty.noDataHint'))).toBeTruthy();

    rows = [stockRow('2026-11-21')];
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await screen.findByRole('table', {}, SLOW);
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(['xlsx']), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': "attachment; filename*=UTF-8''daily.xlsx",
          },
        }),
    );
    const created = vi.fn(() => 'blob:x');
    // jsdom cannot follow the download link; the file handed to it is what matters.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('common.export')) }));
    await waitFor(() => expect(created).toHaveBeenCalled(), SLOW);
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/flockReport/export'))!;
    const summaryBody = calls.filter((c) => c.path === '/breedpigbuilding/flockReport/summary').at(-1)!.body as Record<string, unknown>;
    expect(JSON.parse(String(exportCall[1]!.body))).toEqual({ ...summaryBody, report: 'ci18.column.daily' });
  });
});

const FLOCK = (id: number, status: 1 | 2, groupNo: string): FlockOption => ({
  id,
  farmId: 2,
  groupNo,
  shedId: 40 + id,
  shedName: `Broiler ${id}`,
  flockType: 2,
  sex: 3,
  dayAge: 30 + id,
  present: 9000,
  startDate: '2026-10-20',
  stopDate: status === 2 ? '2026-09-01' : null,
  status,
});

describe('poultry trend report (/ci18/grow/grow-trend)', { timeout: 60_000 }, () => {
  it('charts the first current flock: actual solid, breed standard dashed, by day then by week of age', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/flock/options': (call) => ({
        data: call.query.status === '2' ? [FLOCK(5, 2, 'OLD-1')] : [FLOCK(1, 1, 'B-1'), FLOCK(2, 1, 'B-2')],
      }),
      'POST /breedpigbuilding/flockReport/trend': (call) => {
        const q = call.body as TrendRequest;
        return {
          data: {
            series: q.flockIds.map((id) => ({
              flockId: id,
              groupNo: `B-${id}`,
              shedName: `Broiler ${id}`,
              indicator: q.indicators[0],
              points: [0, 1, 2].map((i) => ({
                dayAge: i * 7 + 6,
                day: '2026-11-01',
                week: i + 1,
                actual: 200 + i * 300,
                standard: i === 2 ? null : 213 + i * 320,
              })),
            })),
          },
        };
      },
    });
    renderWithApp(reportPage('ci18.grow.grow-trend'));
    const chart = await screen.findByTestId('trend-chart', {}, SLOW);
    const trendBodies = (): TrendRequest[] =>
      calls.filter((c) => c.path === '/breedpigbuilding/flockReport/trend').map((c) => c.body as TrendRequest);
    expect(trendBodies()[0]).toEqual({ flockIds: [1], indicators: ['02'], period: 'day' });
    expect(chart.getAttribute('data-lines')).toBe(`Broiler 1 · B-1:solid|${t('series.standard', { name: 'Broiler 1 · B-1' })}:dashed`);
    const legend = screen.getAllByTestId('report-series');
    expect(legend.map((l) => [l.getAttribute('data-kind'), l.getAttribute('data-points')])).toEqual([
      ['actual', '3'],
      ['standard', '2'],
    ]);

    fireEvent.click(screen.getByText(t('axis.weekAge')));
    await waitFor(() => expect(trendBodies().at(-1)).toEqual({ flockIds: [1], indicators: ['02'], period: 'week' }), SLOW);
    fireEvent.click(screen.getByText(t('indicator.avgWeighAdd')));
    await waitFor(() => expect(trendBodies().at(-1)!.indicators).toEqual(['03']), SLOW);

    // Current and history flocks are both offered; a second flock adds its own pair of lines.
    fireEvent.mouseDown(screen.getByLabelText(t('filters.flocks')));
    expect(await screen.findByText(t('flock.history'), {}, SLOW)).toBeTruthy();
    fireEvent.click(await screen.findByTitle('Broiler 5 · OLD-1', {}, SLOW));
    await waitFor(() => expect(trendBodies().at(-1)!.flockIds).toEqual([1, 5]), SLOW);
    await waitFor(() => expect(screen.getAllByTestId('report-series')).toHaveLength(4), SLOW);
  });

  it('tells the user to add a flock when the farm has none', async () => {
    mockApi({ 'GET /breedpigbuilding/flock/options': { data: [] } });
    renderWithApp(reportPage('ci18.feed.trend'));
    expect(await screen.findByText(t('empty.noFlocks'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(t('empty.noFlocksHint'))).toBeTruthy();
  });
});
