import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { ApplyResultRow, SettingGroup, SettingStateAnswer } from '@farmsense/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type Answer, type RecordedCall } from './mockApi';
import { configRoute, rsaKeysBeforeAll, type TestKeys } from './rsaKeys';
import { PIG_FARM, signedInEach } from './session';

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

type House = { tid: number; shedName: string; shedType: number; areaNum: number; buildingNum: number; shedNum: number; farmId: number };

/** The broiler houses of farm 2 the remote-control pages offer. */
export const HOUSE_1: House = { tid: 7, shedName: 'House 1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 2 };
export const HOUSE_2: House = { ...HOUSE_1, tid: 8, shedName: 'House 2', shedNum: 2 };

/** What a remote-control page asks first: the keys its code dialog encrypts with, and the farm's houses (House 1 unless told). */
export function houseRoutes(keys: TestKeys, houses: readonly House[] = [HOUSE_1]): Record<string, Answer> {
  return {
    ...configRoute(keys),
    'GET /breedpigbuilding/shedInfo/list': { data: houses },
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
  return serveSettings(keys, { data: state }, { data: { results: [result] } });
}

/** The routes of a settings page: keys, the houses (House 1 unless told), the group's state and the apply's answer. */
export function serveSettings(keys: TestKeys, state: Answer, apply: Answer, houses: readonly House[] = [HOUSE_1]): RecordedCall[] {
  return mockApi({
    ...houseRoutes(keys, houses),
    'GET /remotecontrol/setting/state': state,
    'POST /remotecontrol/setting/apply': apply,
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

/**
 * Renders a settings page at `path` and waits until its form shows `value` in the field labelled
 * `label` (the stored version is loaded); answers that field and the acknowledged box.
 */
export async function openSettings(
  ui: ReactElement,
  path: string,
  label: string,
  value: string,
): Promise<{ field: HTMLElement; reported: HTMLElement }> {
  renderWithApp(ui, path);
  const field = await screen.findByLabelText(label, {}, SLOW);
  await waitFor(() => expect((field as HTMLInputElement).value).toBe(value), SLOW);
  return { field, reported: await screen.findByTestId('reported', {}, SLOW) };
}

/** Types each value into the field its label names (`Humidity limit 2`). */
export function typeInto(values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Presses apply: each text shows under its row (`<rowId>-row-<i>`), and no code dialog opens. */
export async function expectRefused(applyLabel: string, rowId: string, refusals: readonly [row: number, text: string][]): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: applyLabel }));
  for (const [row, text] of refusals) await within(screen.getByTestId(`${rowId}-row-${row}`)).findByText(text, {}, SLOW);
  expect(screen.queryByRole('dialog')).toBeNull();
}

/**
 * After the code was confirmed: the house's result says `status`, and the apply was sent for
 * House 1 (7) with the security code and `group`; answers the payload sent.
 */
export async function appliedPayload(calls: readonly RecordedCall[], group: SettingGroup, status: string): Promise<unknown> {
  const results = await screen.findByRole('list', { name: tk('control.curve.results') }, SLOW);
  expect(within(results).getByText(status)).toBeTruthy();
  const sent = calls.find((c) => c.path === '/remotecontrol/setting/apply')!.body as Record<string, unknown>;
  expect(sent).toMatchObject({ group, shedIds: [7], codeKind: 'security' });
  return sent.payload;
}

/**
 * The setup of a settings page's test file: RSA keys made once, every test signed in with the
 * demo pig farm; `serve` answers the page's routes with the group's acknowledged `payload`.
 */
export function settingsFile(
  group: SettingGroup,
  payload: unknown,
  more: Partial<SettingStateAnswer> = {},
): { serve: () => RecordedCall[] } {
  const keys = rsaKeysBeforeAll();
  signedInEach({ farms: [PIG_FARM] });
  return { serve: () => serveSettingGroup(keys, syncedState(group, payload, more)) };
}
