import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeedDeviceRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { openDialog, pickOption } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { CollectorsPage, ConcentratorsPage, FeedersPage } from './FeedDevicesPage';
import { FEEDING_SHEDS, FEEDER_PARAMS, tf as t, signedInToFeedingFarm } from './feedingTestParts';

const row = (over: Partial<FeedDeviceRow>): FeedDeviceRow => ({
  id: 1,
  kind: 'concentrator',
  farmId: 5,
  farmName: 'Demo Pig Farm',
  shedId: 51,
  shedName: 'Farrowing 1',
  deviceNo: 'J01',
  name: 'Farrowing 1 concentrator',
  model: 'FS-FEED-J16',
  parentId: null,
  parentName: null,
  gatewayId: 7,
  gatewayCode: 'fs-demofeed1',
  online: true,
  penId: null,
  penColumn: null,
  penRow: null,
  childCount: 2,
  baudRate: 9600,
  dataBits: 8,
  stopBits: 1,
  parity: 'none',
  brightness: null,
  lockSeconds: null,
  touchLock: null,
  baitWeight: null,
  tempLow: null,
  tempHigh: null,
  intervalMinutes: null,
  amountPerFeed: null,
  remark: null,
  updatedAt: 0,
  ...over,
});

signedInToFeedingFarm();

describe('feeding devices pages', { timeout: 60_000 }, () => {
  it('lists concentrators with their gateway, link and collectors, and says why a bound one cannot be deleted', async () => {
    const calls = mockApi({
      'GET /feeding/concentrator/page': { data: { list: [row({})], total: 1, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
    });
    renderWithApp(<ConcentratorsPage />, '/device-mng/feed/jzq');
    expect(await screen.findByText('Farrowing 1 concentrator', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/concentrator/page')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText('fs-demofeed1')).toBeTruthy();
    expect(screen.getByText(t('feedDevices.online'))).toBeTruthy();
    expect(screen.getByText(t('feedDevices.serialLine', { baud: 9600, data: 8, stop: 1, parity: 'N' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('feedDevices.deleteOf', { name: 'Farrowing 1 concentrator' }) }));
    expect(await screen.findByText(t('feedDevices.bound.concentrator', { count: 2 }), {}, SLOW)).toBeTruthy();
  });

  it('lists feeders with their collector, pen and feeding parameters', async () => {
    mockApi({
      'GET /feeding/feeder/page': {
        data: {
          list: [
            row({
              id: 3,
              kind: 'feeder',
              deviceNo: '001',
              name: 'Crate 1',
              parentId: 2,
              parentName: 'Collector 01',
              penId: 8,
              penColumn: 1,
              penRow: 1,
              childCount: 0,
              online: false,
              baudRate: null,
              dataBits: null,
              stopBits: null,
              parity: null,
              ...FEEDER_PARAMS,
            }),
          ],
          total: 1,
          pageNo: 1,
          pageSize: 20,
        },
      },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
    });
    renderWithApp(<FeedersPage />, '/device-mng/feed/swq');
    expect(await screen.findByText('Crate 1', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Collector 01')).toBeTruthy();
    expect(screen.getByText(t('plan.penLabel', { column: 1, row: 1 }))).toBeTruthy();
    expect(screen.getByText(t('feedDevices.amountLine', { grams: 300, minutes: 30 }))).toBeTruthy();
    expect(screen.getByText(t('feedDevices.offline'))).toBeTruthy();
  });

  it('adds a collector under a concentrator of the house with the bus settings; a used number shows on its field', async () => {
    const calls = mockApi({
      'GET /feeding/collector/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /feeding/concentrator/list': { data: [{ id: 1, deviceNo: 'J01', name: 'Farrowing 1 concentrator' }] },
      'POST /feeding/collector': { code: 203339, data: { field: 'deviceNo' } },
    });
    renderWithApp(<CollectorsPage />, '/device-mng/feed/cjq');
    expect(await screen.findByText(t('feedDevices.empty.collector'), {}, SLOW)).toBeTruthy();
    const { dialog, field } = await openDialog(t('feedDevices.add.collector'), t('feedDevices.add.collector'));
    await pickOption(field(t('feedDevices.fields.shedId')), 'Farrowing 1');
    fireEvent.mouseDown(field(t('feedDevices.parentOf.collector')));
    fireEvent.click(await screen.findByText('Farrowing 1 concentrator (J01)', {}, SLOW));
    fireEvent.change(field(t('feedDevices.fields.deviceNo')), { target: { value: '01' } });
    fireEvent.change(field(t('feedDevices.fields.name')), { target: { value: 'Row 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(within(dialog).getByText(errorMessage(203339))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      shedId: 51,
      parentId: 1,
      deviceNo: '01',
      name: 'Row 1',
      baudRate: 9600,
      dataBits: 8,
      stopBits: 1,
      parity: 'none',
    });
  });
});
