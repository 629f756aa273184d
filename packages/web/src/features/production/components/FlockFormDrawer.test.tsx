import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FlockRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, mockApiNoHouses } from '../../../test/mockApi';
import { FlockFormDrawer } from './FlockFormDrawer';
import { signedInEach } from '../../../test/session';
import { flockRow } from '../../../test/fixtures';

const farm = { id: 3, farmId: 3, farmName: 'Demo Poultry Farm', type: 2, scale: null, timeZone: 'Asia/Shanghai' };
const label = (f: string): string => tk(`records.flock.${f}`);
const field = (f: string): HTMLElement => screen.getByLabelText(label(f));
const item = (f: string): string => field(f).closest('.ant-form-item')!.textContent ?? '';
const type = (f: string, value: string): void => void fireEvent.change(field(f), { target: { value } });
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

const ROW: FlockRow = flockRow({ groupNo: 'G-2026-01' });

function serve(put: { code?: number; data?: unknown } = { data: { id: 41 } }): RecordedCall[] {
  return mockApi({
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'House 1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 3 }],
    },
    'POST /breedpigdevice/controller/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } },
    'POST /breedpigbuilding/flock': { data: { id: 42 } },
    'PUT /breedpigbuilding/flock': put,
  });
}

signedInEach({ farms: [farm] as never });

describe('flock form', { timeout: 90_000 }, () => {
  it('checks the shared flock rules before sending anything', async () => {
    const calls = serve();
    renderWithApp(<FlockFormDrawer row={null} farms={[farm] as never} farmId={3} onClose={vi.fn()} />);
    await screen.findByText(tk('production.flock.addTitle'), {}, SLOW);
    save();
    await waitFor(() => expect(item('groupNo')).toContain(tk('validation.required')), SLOW);
    expect(item('shedId')).toContain(tk('validation.required'));
    expect(item('birthDate')).toContain(tk('validation.required'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/breedpigbuilding/flock')).toBe(false);
  });

  it('refuses a placement before hatch and sends the corrected flock in the shared shape', async () => {
    const onClose = vi.fn();
    const calls = serve();
    renderWithApp(<FlockFormDrawer row={ROW} farms={[farm] as never} onClose={onClose} />);
    await screen.findByText(tk('production.flock.editTitle', { groupNo: ROW.groupNo }), {}, SLOW);
    type('birthDate', '2026-10-05');
    fireEvent.keyDown(field('birthDate'), { key: 'Enter' });
    // No bird placed at all.
    type('femaleCount', '0');
    save();
    await waitFor(() => expect(item('startDate')).toContain(tk('validation.startBeforeBirth')), SLOW);
    expect(item('femaleCount')).toContain(tk('validation.flockCount'));
    type('femaleCount', '12000');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    type('birthDate', '2026-10-01');
    fireEvent.keyDown(field('birthDate'), { key: 'Enter' });
    type('groupNo', 'G-2026-01B');
    save();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), SLOW);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 41,
      farmId: 3,
      shedId: 7,
      groupNo: 'G-2026-01B',
      flockType: 2,
      sex: 3,
      breed: 'Ross 308',
      birthDate: '2026-10-01',
      layingDate: null,
      startDate: '2026-10-02',
      endDate: null,
      maleCount: 0,
      femaleCount: 12000,
      maleAvgWeight: null,
      femaleAvgWeight: 42,
      deviceId: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });

  it('shows 20065 under the field the server names, else under the group number, and 20068 under the counts', async () => {
    let answer: { code: number; data?: unknown } = { code: 20065, data: { field: 'shedId' } };
    mockApiNoHouses({
      'POST /breedpigdevice/controller/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } },
      'PUT /breedpigbuilding/flock': () => answer,
    });
    renderWithApp(<FlockFormDrawer row={ROW} farms={[farm] as never} onClose={vi.fn()} />);
    await screen.findByText(tk('production.flock.editTitle', { groupNo: ROW.groupNo }), {}, SLOW);
    save();
    await waitFor(() => expect(item('shedId')).toContain(tk('errors.20065')), SLOW);
    expect(item('groupNo')).not.toContain(tk('errors.20065'));
    answer = { code: 20065 };
    save();
    await waitFor(() => expect(item('groupNo')).toContain(tk('errors.20065')), SLOW);
    answer = { code: 20068 };
    save();
    await waitFor(() => expect(item('femaleCount')).toContain(tk('errors.20068')), SLOW);
  });
});
