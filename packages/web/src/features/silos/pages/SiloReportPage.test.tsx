import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SiloReportRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { fmtKg } from '../model/forecast';
import { SiloDailyReportPage, SiloYearlyReportPage } from './SiloReportPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`silos.${key}`, vars);
const REPORT = '/breedpigbuilding/breedWeightFodder/silo/report';
const row = (over: Partial<SiloReportRow>): SiloReportRow => ({
  bucket: '2026-03-01',
  siloId: 1,
  siloName: 'Silo A',
  consumedKg: 1100,
  deliveredKg: 6000,
  deliveries: 1,
  closingKg: 9900,
  ...over,
});

function serve(rows: SiloReportRow[]): RecordedCall[] {
  return mockApi({ [`GET ${REPORT}`]: { data: rows } });
}

signedInEach({ farms: [PIG_FARM] });

describe('silo reports', { timeout: 40_000 }, () => {
  it("asks the day report for this month and shows each silo's days with the totals", async () => {
    const calls = serve([row({}), row({ bucket: '2026-03-02', consumedKg: 1200, deliveredKg: 0, deliveries: 0, closingKg: 8700 })]);
    renderWithApp(<SiloDailyReportPage />, '/weight/ddreports');
    await screen.findByText('2026-03-02', {}, SLOW);
    const now = new Date();
    expect(calls.find((c) => c.path === REPORT)!.query).toEqual({
      farmId: '1',
      period: 'day',
      year: String(now.getFullYear()),
      month: String(now.getMonth() + 1),
    });
    expect(screen.getByTestId('silo-report-total').textContent).toBe(
      t('report.total', { consumed: t('units.kg', { value: fmtKg(2300) }), delivered: t('units.kg', { value: fmtKg(6000) }) }),
    );
    expect(screen.getByText(t('units.kg', { value: fmtKg(9900) }))).toBeTruthy();
    expect(screen.getAllByRole('button', { name: tk('common.columns.choose') })).toHaveLength(1);
  });

  it('asks the year report without a year', async () => {
    const calls = serve([row({ bucket: '2025' })]);
    renderWithApp(<SiloYearlyReportPage />, '/weight/yyreports');
    await screen.findByText('2025', {}, SLOW);
    await waitFor(() => expect(calls.find((c) => c.path === REPORT)!.query).toEqual({ farmId: '1', period: 'year' }), SLOW);
  });
});
