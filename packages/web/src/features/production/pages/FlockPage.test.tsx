import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FlockRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { todayIn } from '../model/kinds';
import { FlockPage } from './FlockPage';
import { signedInEach } from '../../../test/session';
import { flockRow } from '../../../test/fixtures';

const farm = { id: 3, farmId: 3, farmName: 'Demo Poultry Farm', type: 2, scale: null, timeZone: 'Asia/Shanghai' };
const ROW: FlockRow = flockRow();

signedInEach({ farms: [farm] as never });

describe('flock page', { timeout: 90_000 }, () => {
  it('lists the current flocks, closes one on a confirmed stop date, deletes one after confirmation, and shows history', async () => {
    const calls = mockApiNoHouses({
      'POST /breedpigbuilding/flock/page': (c) => ({
        data: {
          list:
            (c.body as { status: number }).status === 1 ? [ROW] : [{ ...ROW, id: 40, groupNo: 'G40', status: 2, stopDate: '2026-09-30' }],
          total: 1,
          pageNo: 1,
          pageSize: 20,
        },
      }),
      'POST /breedpigbuilding/flock/close': { data: { id: 41 } },
      'DELETE /breedpigbuilding/flock/41': { data: null },
    });
    renderWithApp(<FlockPage />);
    const table = await screen.findByRole('table', { name: tk('production.flock.tableLabel') }, SLOW);
    await waitFor(() => expect(within(table).getByText('G41')).toBeTruthy(), SLOW);
    expect(within(table).getByTestId('prod-flock-present').textContent).toBe((11850).toLocaleString());
    expect(calls.find((c) => c.path.endsWith('/flock/page'))!.body).toMatchObject({ farmId: 3, status: 1 });

    fireEvent.click(screen.getByRole('button', { name: tk('production.close.actionOf', { groupNo: 'G41' }) }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog.textContent).toContain(tk('production.close.content', { groupNo: 'G41', shed: 'House 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: tk('production.close.confirm') }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/flock/close'))).toBe(true), SLOW);
    expect(calls.find((c) => c.path.endsWith('/flock/close'))!.body).toEqual({ id: 41, stopDate: todayIn('Asia/Shanghai') });

    fireEvent.click(screen.getByRole('button', { name: tk('production.flock.deleteOf', { groupNo: 'G41' }) }));
    const [confirm] = await screen.findAllByText(tk('production.flock.deleteTitle', { groupNo: 'G41' }), {}, SLOW);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: tk('common.delete') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/breedpigbuilding/flock/41')).toBe(true), SLOW);

    fireEvent.click(screen.getByText(tk('production.flock.history')));
    await waitFor(() => expect(within(table).getByText('G40')).toBeTruthy(), SLOW);
    expect(table.textContent).toContain('2026-09-30');
    // History is read-only apart from deleting.
    expect(screen.queryByRole('button', { name: tk('production.close.actionOf', { groupNo: 'G40' }) })).toBeNull();
    expect(screen.queryByRole('button', { name: tk('production.flock.editOf', { groupNo: 'G40' }) })).toBeNull();
  });
});
