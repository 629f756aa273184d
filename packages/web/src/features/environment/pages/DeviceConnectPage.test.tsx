import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { DeviceConnectPage } from './DeviceConnectPage';

const PATH = '/breedpigdevice/busi/data/monitor/pageDeviceConnectStatus';
/** The list requests (the online/offline counts ask for one row each). */
const listBodies = (calls: RecordedCall[]): unknown[] =>
  calls.filter((c) => c.path === PATH && (c.body as { pageSize: number }).pageSize !== 1).map((c) => c.body);

signedInEach({ farms: [PIG_FARM] });

describe('device connection page', { timeout: 30_000 }, () => {
  it('lists with the farm and link state of the address, and a new state starts again on page 1', async () => {
    const calls = mockApi({ [`POST ${PATH}`]: { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<DeviceConnectPage />, '/device-connect/controller?farmId=1&online=offline&pageNo=3');
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ farmId: 1, online: false, pageNo: 3, pageSize: 20 }), SLOW);
    expect(await screen.findByText(tk('environment.connect.empty'), {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByText(tk('common.online'), { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ farmId: 1, online: true, pageNo: 1, pageSize: 20 }), SLOW);
    fireEvent.click(screen.getByText(tk('common.all'), { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ farmId: 1, pageNo: 1, pageSize: 20 }), SLOW);
  });
});
