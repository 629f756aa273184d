import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ControllerRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { CHANNEL_KEYS, toChannels, typeFieldOf } from './ChannelForm';
import { ChannelsDrawer } from './ChannelsDrawer';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`devices.${key}`, vars);
const row: ControllerRow = {
  id: 3,
  code: 'fs-a1',
  name: 'Climate A',
  gatewayType: 101,
  deviceCategory: 201,
  model: null,
  serialNo: null,
  farmId: 5,
  farmName: 'Farm',
  shedId: null,
  shedName: null,
  enabled: true,
  online: false,
  lastSeenAt: null,
  checkCodeSet: true,
  refusal: null,
  networkId: null,
  networkName: null,
  port: null,
  commPointNo: null,
  parentId: null,
  parentCode: null,
};
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));

signedInEach();

describe('channel rules', () => {
  it('lists every key within the CONTRACT §4 limits and gives each kind its type field', () => {
    expect(CHANNEL_KEYS).toContain('temp.16');
    expect(CHANNEL_KEYS).not.toContain('temp.17');
    expect(CHANNEL_KEYS).toContain('rh.4');
    expect(CHANNEL_KEYS).not.toContain('rh.5');
    expect([typeFieldOf('fan.2'), typeFieldOf('curtain.1'), typeFieldOf('heater.3'), typeFieldOf('temp.1')]).toEqual([
      'fanType',
      'curtainType',
      'heatType',
      null,
    ]);
    // A type left over from an earlier key is not sent.
    expect(toChannels([{ key: 'temp.1', subDevice: 1, fanType: 2, name: '  ' }])).toEqual([
      { key: 'temp.1', subDevice: 1, name: undefined },
    ]);
  });
});

describe('channel drawer', { timeout: 40_000 }, () => {
  it('shows the saved channels with the fan type only on fan rows and saves the whole set', async () => {
    const calls = mockApi({
      'GET /breedpigdevice/controller/channels': {
        data: [
          { key: 'fan.2', subDevice: 14, name: 'Exhaust', fanType: 2, curtainType: null, heatType: null },
          { key: 'temp.1', subDevice: 1, name: null, fanType: null, curtainType: null, heatType: null },
        ],
      },
      'PUT /breedpigdevice/controller/channels': { data: null },
    });
    const onClose = vi.fn();
    renderWithApp(<ChannelsDrawer row={row} onClose={onClose} />);
    await screen.findByText(t('channels.title', { name: 'Climate A' }), {}, SLOW);
    await screen.findByLabelText(t('channels.keyOf', { n: 1 }), {}, SLOW);
    expect(screen.getAllByTestId('channel-row')).toHaveLength(2);
    expect(screen.getByLabelText(t('channels.fanTypeOf', { n: 1 }))).toBeTruthy();
    expect(screen.queryByLabelText(t('channels.fanTypeOf', { n: 2 }))).toBeNull();
    expect(screen.getByText(enumLabel('fanType', 2))).toBeTruthy();
    expect(screen.getByText(enumLabel('climateSubDevice', 1))).toBeTruthy();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 3,
      channels: [
        { key: 'fan.2', subDevice: 14, name: 'Exhaust', fanType: 2 },
        { key: 'temp.1', subDevice: 1 },
      ],
    });
  });

  it('refuses a key configured twice and a row without a sub-device, sending nothing', async () => {
    const calls = mockApi({
      'GET /breedpigdevice/controller/channels': {
        data: [
          { key: 'temp.1', subDevice: 1, name: null, fanType: null, curtainType: null, heatType: null },
          { key: 'temp.1', subDevice: 2, name: null, fanType: null, curtainType: null, heatType: null },
        ],
      },
    });
    renderWithApp(<ChannelsDrawer row={row} onClose={vi.fn()} />);
    await screen.findByLabelText(t('channels.keyOf', { n: 2 }), {}, SLOW);
    fireEvent.click(screen.getByText(t('channels.add')));
    await waitFor(() => expect(screen.getAllByTestId('channel-row')).toHaveLength(3), SLOW);
    save();
    await waitFor(() => expect(screen.getAllByText(t('channels.duplicateKey')).length).toBe(2), SLOW);
    expect(screen.getAllByText(tk('validation.required')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: t('channels.removeOf', { n: 3 }) }));
    fireEvent.click(screen.getByRole('button', { name: t('channels.removeOf', { n: 2 }) }));
    await waitFor(() => expect(screen.getAllByTestId('channel-row')).toHaveLength(1), SLOW);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
