import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { POULTRY_FARM, signedInEach } from '../../../test/session';
import type { ReportRow } from '../reportsApi';
import { tablePageFor } from './poultryTablePages';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`poultry.${key}`, vars);

function row(over: Partial<ReportRow>): ReportRow {
  return {
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    period: '2026-11',
    dayAgeFrom: null,
    dayAgeTo: null,
    opening: 20000,
    dead: 100,
    culled: 0,
    closing: 19900,
    livability: null,
    fcr: null,
    fcrCorrected: null,
    epef: null,
    epefToDate: null,
    layingRate: null,
    std: {},
    ...over,
  };
}

/** A broiler flock's figures; each test adds its EPEF (to date while birds are in, else final). */
const BROILER = { flockId: 9, groupNo: 'B-1', productionType: 'broiler', livability: 97, fcr: 1.5, fcrCorrected: 1.443 } as const;

signedInEach({ farms: [POULTRY_FARM] });

describe('KPI cards and definitions (/ci18/business/group-monthly)', { timeout: 60_000 }, () => {
  it('shows one group of cards per production type, EPEF "to date" while birds are in, and each figure’s definition', async () => {
    const broiler = row({ ...BROILER, epefToDate: 452 });
    const layer = row({ flockId: 10, groupNo: 'L-1', productionType: 'layer', livability: 98, layingRate: 85.09 });
    mockApiNoHouses({
      'POST /breedpigbuilding/flockReport/summary': {
        // Over two types the pooled totals carry counts only: the KPIs come per type.
        data: { rows: [broiler, layer], totals: row({ period: 'total', productionType: null }), totalsByType: [broiler, layer] },
      },
    });
    renderWithApp(createElement(tablePageFor('ci18.business.group-monthly')));
    const groups = await screen.findByRole('group', { name: t('type.title') }, SLOW);
    const broilers = within(groups).getByRole('list', { name: t('type.broiler') });
    const layers = within(groups).getByRole('list', { name: t('type.layer') });
    const kpisOf = (el: HTMLElement): (string | null)[] =>
      within(el)
        .getAllByTestId('report-kpi')
        .map((k) => k.getAttribute('data-kpi'));
    // A broiler FCR is never shown for layers, nor a laying rate for broilers; EPEF of a house still stocked is "to date".
    expect(kpisOf(broilers)).toEqual(['livability', 'fcr', 'fcrCorrected', 'epefToDate']);
    expect(kpisOf(layers)).toEqual(['livability', 'layingRate']);
    expect(within(broilers).getByText(t('col.epefToDate'))).toBeTruthy();
    expect(within(broilers).getByText('1.44')).toBeTruthy();

    // The FCR column header explains its basis.
    const table = screen.getByRole('table');
    const info = within(table)
      .getAllByTestId('metric-def')
      .find((el) => el.getAttribute('data-metric') === 'fcr')!;
    expect(info.getAttribute('aria-label')).toBe(t('def.label', { name: t('col.fcr') }));
    fireEvent.mouseEnter(info);
    // (the sortable header has its own "click to sort" tooltip too)
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((el) => el.textContent)).toContain(t('def.fcr')), SLOW);
  });

  it('keeps one row of cards when the selection holds one production type', async () => {
    const broiler = row({ ...BROILER, epef: 452 });
    mockApiNoHouses({
      'POST /breedpigbuilding/flockReport/summary': {
        data: { rows: [broiler], totals: { ...broiler, period: 'total' }, totalsByType: [broiler] },
      },
    });
    renderWithApp(createElement(tablePageFor('ci18.business.group-monthly')));
    const list = await screen.findByRole('list', { name: t('kpi.label') }, SLOW);
    expect(
      within(list)
        .getAllByTestId('report-kpi')
        .map((k) => k.getAttribute('data-kpi')),
    ).toEqual(['livability', 'fcr', 'fcrCorrected', 'epef', 'layingRate']);
    expect(screen.queryByRole('group', { name: t('type.title') })).toBeNull();
  });
});
