import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import type { CurveRow } from '../flocksApi';
import { StandardCurvesPage } from './StandardCurvesPage';
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`flocks.${key}`, vars);
const farm = POULTRY_FARM;
const ROWS: CurveRow[] = [
  {
    id: 1,
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    flockType: 2,
    indicator: '02',
    name: 'Ross 308 weight',
    startDay: 0,
    values: Array.from({ length: 57 }, (_, i) => 44 + i * 70),
    source: 'Aviagen Ross 308 Performance Objectives 2022',
    builtinId: 'ross308-weight',
  },
  {
    id: 2,
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    flockType: 4,
    indicator: '06',
    name: 'Our water',
    startDay: 126,
    values: [200, 210, 220],
    source: null,
    builtinId: null,
  },
];

function serve(): RecordedCall[] {
  return mockApi({
    'POST /breedpigbuilding/standardCurve/page': (call) => {
      const q = call.body as { indicator?: string };
      const list = ROWS.filter((r) => !q.indicator || r.indicator === q.indicator);
      return { data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
    },
    'DELETE /breedpigbuilding/standardCurve/2': { data: null },
  });
}

signedInEach({ farms: [farm] });

describe('standard curves page', { timeout: 60_000 }, () => {
  it('lists curves with indicator and unit, flock type, day range and source, and filters by indicator', async () => {
    const calls = serve();
    renderWithApp(<StandardCurvesPage />);
    const weight = (await screen.findByText('Ross 308 weight', {}, SLOW)).closest('tr')!;
    expect(within(weight).getByText('Average weight (g)')).toBeTruthy();
    expect(within(weight).getByText(tk('enums.flockType.feeding'))).toBeTruthy();
    expect(within(weight).getByText(t('curves.dayRangeOf', { from: 0, to: 56 }))).toBeTruthy();
    expect(within(weight).getByTestId('curve-source').textContent).toContain('Aviagen Ross 308');
    const own = screen.getByText('Our water').closest('tr')!;
    expect(within(own).getByTestId('curve-source').textContent).toBe(t('curves.ownSource'));
    expect(within(own).getByText('Water intake (mL)')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText(t('fields.indicator')));
    fireEvent.click(await screen.findByTitle('Water intake (mL)', {}, SLOW));
    fireEvent.click(screen.getByText(tk('common.search')).closest('button')!);
    await waitFor(
      () => expect(calls.filter((c) => c.path.endsWith('/page')).at(-1)!.body).toEqual({ pageNo: 1, pageSize: 20, indicator: '06' }),
      SLOW,
    );
    await waitFor(() => expect(screen.queryByText('Ross 308 weight')).toBeNull(), SLOW);
  });

  it('deletes a curve only after confirmation', async () => {
    const calls = serve();
    renderWithApp(<StandardCurvesPage />);
    await screen.findByText('Our water', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: t('curves.deleteOf', { name: 'Our water' }) }));
    const [confirm] = await screen.findAllByText(t('curves.deleteTitle', { name: 'Our water' }), {}, SLOW);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = confirm!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText(tk('common.delete')).closest('button')!);
    await waitFor(
      () => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/breedpigbuilding/standardCurve/2')).toBe(true),
      SLOW,
    );
  });
});
