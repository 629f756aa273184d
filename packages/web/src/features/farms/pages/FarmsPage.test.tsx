import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, lastQuery } from '../../../test/mockApi';
import { FarmsPage } from './FarmsPage';
import { signedInEach } from '../../../test/session';

const PATH = '/breedpigbuilding/farmInfo/page';

signedInEach();

describe('farms page', { timeout: 30_000 }, () => {
  it('loads the search and page of a shared link, and reset or a new search starts again on page 1', async () => {
    const calls = mockApi({ [`GET ${PATH}`]: { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<FarmsPage />, '/housemanagement/houselist?farmName=North&pageNo=2');
    expect(await screen.findByText(tk('farms.table.noMatch'), {}, SLOW)).toBeTruthy();
    expect(lastQuery(calls, PATH)).toEqual({ pageNo: '2', pageSize: '20', farmName: 'North' });
    const field = screen.getByLabelText(tk('farms.filters.farmName')) as HTMLInputElement;
    expect(field.value).toBe('North');

    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('common.reset')) }));
    await waitFor(() => expect(lastQuery(calls, PATH)).toEqual({ pageNo: '1', pageSize: '20' }), SLOW);
    expect(field.value).toBe('');
    expect(await screen.findByText(tk('farms.table.empty'), {}, SLOW)).toBeTruthy();

    fireEvent.change(field, { target: { value: ' South ' } });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(lastQuery(calls, PATH)).toEqual({ pageNo: '1', pageSize: '20', farmName: 'South' }), SLOW);
  });
});
