import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BuiltinCurve } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { BuiltinCopyDialog } from './BuiltinCopyDialog';
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`flocks.${key}`, vars);
const farm = POULTRY_FARM;
const BUILTINS: BuiltinCurve[] = [
  {
    id: 'ross308-weight',
    breed: 'Ross 308',
    indicator: '02',
    flockType: 2,
    name: 'Ross 308 weight',
    source: 'Aviagen Ross 308 Performance Objectives 2022',
    startDay: 0,
    values: [44, 61, 79],
  },
  {
    id: 'layer-rate',
    breed: 'Brown layer',
    indicator: '10',
    flockType: 4,
    name: 'Layer laying rate',
    source: 'Typical brown-layer figures',
    startDay: 126,
    values: [5, 20, 50, 80],
  },
];

signedInEach({ farms: [farm] });

describe('built-in standards dialog', { timeout: 60_000 }, () => {
  it('shows each standard with its source first and copies it for the chosen farm and flock type', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/standardCurve/builtins': { data: BUILTINS },
      'POST /breedpigbuilding/standardCurve/copy': { data: { id: 30 } },
    });
    const onClose = vi.fn();
    renderWithApp(<BuiltinCopyDialog farmId={2} farms={[farm]} onClose={onClose} />);
    const cards = await screen.findAllByTestId('builtin-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('builtin-source').textContent).toBe(
      t('builtins.source', { source: 'Aviagen Ross 308 Performance Objectives 2022' }),
    );
    expect(within(cards[1]!).getByText(t('curves.dayRangeOf', { from: 126, to: 129 }))).toBeTruthy();
    expect(within(cards[1]!).getByText('Laying rate (%)')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText(t('builtins.asType')));
    fireEvent.click(await screen.findByTitle(tk('enums.flockType.mixed'), {}, SLOW));
    fireEvent.click(screen.getByRole('button', { name: t('builtins.copyOf', { name: 'Ross 308 weight' }) }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/copy'))).toBe(true), SLOW);
    expect(calls.find((c) => c.path.endsWith('/copy'))!.body).toEqual({ builtinId: 'ross308-weight', farmId: 2, flockType: 5 });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });

  it('keeps the dialog open and says why when the farm already has that curve (20064)', async () => {
    mockApi({
      'GET /breedpigbuilding/standardCurve/builtins': { data: BUILTINS },
      'POST /breedpigbuilding/standardCurve/copy': { code: 20064 },
    });
    const onClose = vi.fn();
    renderWithApp(<BuiltinCopyDialog farmId={2} farms={[farm]} onClose={onClose} />);
    await screen.findAllByTestId('builtin-card', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: t('builtins.copyOf', { name: 'Layer laying rate' }) }));
    expect((await screen.findByTestId('copy-error', {}, SLOW)).textContent).toContain(tk('errors.20064'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
