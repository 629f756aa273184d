import type { ApplyResultRow, SettingGroup, SettingStateAnswer } from '@farmsense/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { tk } from '../app/i18n/i18n';
import { mockApi, SLOW, type RecordedCall } from './mockApi';
import type { TestKeys } from './rsaKeys';

/** A house's setting group with one version, acknowledged (`synced`), as the state route answers it. */
export function syncedState(group: SettingGroup, payload: unknown, more: Partial<SettingStateAnswer> = {}): SettingStateAnswer {
  return {
    shedId: 7,
    group,
    gatewayId: 4,
    online: true,
    desiredVersion: 1,
    reportedVersion: 1,
    status: 'synced',
    reported: payload,
    versions: [
      {
        version: 1,
        status: 'synced',
        payload,
        commandId: 'c1',
        attempts: 1,
        ackMsg: 'ok',
        ackedAt: Date.now(),
        expiresAt: Date.now() + 60_000,
        createdAt: Date.now() - 60_000,
        createdByName: 'Admin',
      },
    ],
    dayAge: null,
    comfort: null,
    ...more,
  };
}

/** The routes a settings page asks (keys, House 1, the group's state) and an apply answered with version 2 pending. */
export function serveSettingGroup(keys: TestKeys, state: SettingStateAnswer): RecordedCall[] {
  const result: ApplyResultRow = {
    shedId: 7,
    shedName: 'House 1',
    code: 1,
    version: 2,
    commandId: 'c2',
    status: 'pending',
    online: state.online,
  };
  return mockApi({
    'GET /getConfig': { data: { publicKey: keys.publicPem, captcha: false, productVersion: '0.1.0' } },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'House 1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 2 }],
    },
    'GET /remotecontrol/setting/state': { data: state },
    'POST /remotecontrol/setting/apply': { data: { results: [result] } },
  });
}

/** One stored version of a group as the state route lists it: acknowledged (`synced`) or waiting. */
export function settingVersion(v: number, status: 'synced' | 'pending', payload: unknown): SettingStateAnswer['versions'][number] {
  return {
    version: v,
    status,
    payload,
    commandId: `c${v}`,
    attempts: 1,
    ackMsg: status === 'synced' ? 'ok' : null,
    ackedAt: status === 'synced' ? Date.now() : null,
    expiresAt: Date.now() + 60_000,
    createdAt: Date.now() - v * 60_000,
    createdByName: 'Admin',
  };
}

/** Presses a settings page's apply button and confirms the code dialog with the security code. */
export async function confirmApply(applyLabel: string, code = '246810'): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: applyLabel }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  fireEvent.change(within(dialog).getByLabelText(tk('control.codeDialog.code')), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: tk('control.codeDialog.confirm') }));
}
