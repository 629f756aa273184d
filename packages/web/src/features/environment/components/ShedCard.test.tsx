import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ShedCard } from './ShedCard';
import { i18n } from '../../../app/i18n/i18n';
import type { ShedOverviewRow } from '../../../app/api/types';
import { CLIMATE_GATEWAY, shedRow } from '../../../test/fixtures';

const base: ShedOverviewRow = shedRow({ gateways: [CLIMATE_GATEWAY] });

beforeEach(async () => {
  await i18n.changeLanguage('en-us');
});

describe('shed card', () => {
  it('shows name, SPEC §3 label with the type, pens, gateways and, before any reading, no invented figures', () => {
    render(<ShedCard shed={base} species="poultry" now={Date.now()} staleAfterMs={900_000} />);
    const type = i18n.t('poultryShedType.1001', { ns: 'enums' });
    expect(screen.getByRole('article', { name: /Broiler House 1/ })).toBeTruthy();
    expect(screen.getByTestId('shed-label').textContent).toBe(`1-1-1 (${type})`);
    expect(screen.getByTestId('shed-pen-count').textContent).toBe('4');
    expect(screen.getByText('fs-demo04')).toBeTruthy();
    expect(screen.getByTestId('shed-no-live-data').textContent).toContain(i18n.t('overview.noLiveData', { ns: 'shell' }));
  });

  it('labels a placeholder shed as an empty shed and says when no gateway is bound', () => {
    render(
      <ShedCard
        shed={{ ...base, areaNum: 0, buildingNum: 0, shedNum: 0, gateways: [] }}
        species="poultry"
        now={Date.now()}
        staleAfterMs={900_000}
      />,
    );
    expect(screen.getByTestId('shed-label').textContent).toBe(i18n.t('shedDisplay.emptyShed', { ns: 'enums' }));
    expect(screen.getByText(i18n.t('overview.noGateway', { ns: 'shell' }))).toBeTruthy();
  });

  it('leaves the brackets out for a shed type the catalogue does not know', () => {
    render(<ShedCard shed={{ ...base, shedType: 4242 }} species="poultry" now={Date.now()} staleAfterMs={900_000} />);
    expect(screen.getByTestId('shed-label').textContent).toBe('1-1-1');
  });
});
