import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmAnalysis, AlarmRank } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { AlarmAnalysisDayPage } from './AlarmAnalysisPage';
import { AlarmHistoryPage } from './AlarmHistoryPage';
import { AlarmRankPage } from './AlarmRankPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`alarms.${key}`, vars);
const H = 3_600_000;
const FROM = Date.parse('2026-03-09T17:00:00Z');

const ANALYSIS: AlarmAnalysis = {
  farmId: 1,
  timeZone: 'Asia/Bangkok',
  period: 'day',
  from: FROM,
  to: FROM + 24 * H,
  count: 3,
  high: 2,
  medium: 1,
  low: 0,
  acknowledged: 2,
  mttaSec: 1200,
  alarmSec: 10_800,
  byKind: [
    { kind: 'threshold', count: 2 },
    { kind: 'offline', count: 1 },
  ],
  sheds: [
    { shedId: 1, shedName: 'Shed A', count: 2, high: 2, medium: 0, low: 0, alarmSec: 5400, mttaSec: 1200 },
    { shedId: 2, shedName: 'Shed B', count: 1, high: 0, medium: 1, low: 0, alarmSec: 5400, mttaSec: null },
  ],
  buckets: Array.from({ length: 24 }, (_, h) => ({
    start: FROM + h * H,
    count: h === 8 ? 1 : 0,
    high: h === 8 ? 1 : 0,
    medium: 0,
    low: 0,
  })),
};

const RANK: AlarmRank = {
  from: FROM,
  to: FROM + 48 * H,
  total: 4,
  gateways: [
    {
      gatewayId: 901,
      gatewayCode: 'G1',
      shedId: 1,
      shedName: 'Shed A',
      count: 3,
      high: 3,
      medium: 0,
      low: 0,
      alarmSec: 7200,
      mttaSec: 900,
      lastAt: FROM,
    },
  ],
  rules: [
    {
      ruleId: 4,
      ruleName: 'Hot',
      kind: 'threshold',
      count: 3,
      high: 3,
      medium: 0,
      low: 0,
      gateways: 1,
      alarmSec: 7200,
      mttaSec: 900,
      lastAt: FROM,
    },
  ],
};

signedInEach({ farms: [PIG_FARM] });

describe('alarm reports', { timeout: 40_000 }, () => {
  it("shows a day's figures, its hours, sheds and types for the chosen farm and day", async () => {
    const calls = mockApiNoHouses({
      'GET /warning/report/analysis': { data: ANALYSIS },
    });
    renderWithApp(<AlarmAnalysisDayPage />, '/reports/env-alerts-analysis/day');
    const figures = await screen.findAllByTestId('report-figure', {}, SLOW);
    const figure = (id: string): string => figures.find((f) => f.getAttribute('data-figure') === id)!.textContent!;
    expect(figure('count')).toContain('3');
    expect(figure('high')).toContain('2');
    expect(figure('acknowledged')).toContain('2');
    expect(calls.find((c) => c.path === '/warning/report/analysis')!.query).toMatchObject({ farmId: '1', period: 'day' });
    expect(calls.find((c) => c.path === '/warning/report/analysis')!.query.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByTestId('analysis-time-chart')).toBeTruthy();
    expect(within(screen.getByTestId('analysis-sheds')).getByText('Shed B')).toBeTruthy();
    expect(within(screen.getByTestId('analysis-kind-chart')).getByText(t('kinds.offline'))).toBeTruthy();
  });

  it('ranks gateways and rules, and downloads a table as Excel', async () => {
    const calls = mockApi({ 'GET /warning/report/rank': { data: RANK }, 'GET /warning/report/rank/export': {} });
    renderWithApp(<AlarmRankPage />, '/reports/device-alerts-rank');
    expect((await screen.findByTestId('rank-total', {}, SLOW)).textContent).toBe(t('reports.rank.total', { n: 4 }));
    const q = calls.find((c) => c.path === '/warning/report/rank')!.query;
    expect(q).toMatchObject({ farmId: '1', top: '20' });
    expect(Number(q.endTime) - Number(q.startTime)).toBeGreaterThan(6 * 24 * H);
    expect(within(screen.getByTestId('rank-gateways')).getByText('G1')).toBeTruthy();
    expect(within(screen.getByTestId('rank-rules')).getByText('Hot')).toBeTruthy();
    fireEvent.click(screen.getByText(t('reports.rank.exportRules')).closest('button')!);
    await waitFor(
      () => expect(calls.find((c) => c.path === '/warning/report/rank/export')?.query).toMatchObject({ farmId: '1', by: 'rule' }),
      SLOW,
    );
  });

  it('lists the alarm history of the last 7 days, filtered in the address', async () => {
    const calls = mockApiNoHouses({
      'GET /warning/report/history': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
    });
    renderWithApp(<AlarmHistoryPage />, '/reports/env-alerts-his?level=1');
    await waitFor(() => expect(calls.some((c) => c.path === '/warning/report/history')).toBe(true), SLOW);
    const q = calls.find((c) => c.path === '/warning/report/history')!.query;
    expect(q).toMatchObject({ farmId: '1', level: '1', pageNo: '1' });
    expect(Math.abs(Number(q.endTime) - Number(q.startTime) - 7 * 24 * H)).toBeLessThan(60_000);
    expect(await screen.findByText(t('records.empty'), {}, SLOW)).toBeTruthy();
  });
});
