import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmRuleRow, SettingStateAnswer, WarnRhPayload } from '@farmsense/shared';
import { SessionContext, type SessionValue } from '../../../app/auth/sessionContext';
import { tk } from '../../../app/i18n/i18n';
import { alarmRuleRow } from '../../../test/fixtures';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { confirmApply, HOUSE_1, houseRoutes, syncedState } from '../../../test/settingGroup';
import { WarnButtonPage, WarnRhPage } from './WarnPages';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const APPLY = '/remotecontrol/setting/apply';

const RH: WarnRhPayload = { enabled: true, low: 40, high: 85, delaySeconds: 60 };
const state = (group: SettingStateAnswer['group'], payload: unknown): SettingStateAnswer => syncedState(group, payload, { dayAge: 20 });
const rule = (id: number, more: Partial<AlarmRuleRow>): AlarmRuleRow =>
  alarmRuleRow({
    id,
    groupName: 'Nursery rules',
    shedType: 3,
    name: `Rule ${id}`,
    property: 'rh',
    operator: 'outside',
    level: 2,
    message: 'Humidity',
    durationSec: 0,
    deadband: 0,
    stages: [{ fromDay: 0, toDay: 9999, limitKind: 'absolute', low: 45, high: 80 }],
    ...more,
  });
const RULES = [
  rule(1, {}),
  rule(2, { name: 'Other type', shedType: 4 }),
  rule(3, { name: 'Ammonia', property: 'nh3', operator: 'gt' }),
  rule(4, { name: 'Too dry later', operator: 'lt', stages: [{ fromDay: 30, toDay: 60, limitKind: 'absolute', low: 50, high: null }] }),
];

const session = (codes: string[]): SessionValue =>
  ({ model: { routes: codes.map((code) => ({ code, path: `/${code}`, fullscreen: false })) } }) as unknown as SessionValue;
const withCodes = (codes: string[], ui: ReactElement): ReactElement => (
  <SessionContext.Provider value={session(codes)}>{ui}</SessionContext.Provider>
);

function serve(group: SettingStateAnswer['group'], payload: unknown) {
  return mockApi({
    ...houseRoutes(keys, [{ ...HOUSE_1, shedType: 3, farmId: 1 }]),
    'GET /remotecontrol/setting/state': { data: state(group, payload) },
    'GET /warning/rule/page': { data: { list: RULES, total: RULES.length, pageNo: 1, pageSize: 500 } },
    [`POST ${APPLY}`]: {
      data: { results: [{ shedId: 7, shedName: 'House 1', code: 1, version: 2, commandId: 'c2', status: 'pending', online: true }] },
    },
  });
}

signedInEach({ farms: [PIG_FARM] });

describe("the controller's alarm limits pages", { timeout: 40_000 }, () => {
  it('shows the platform rules on humidity for the house type and day age, flags looser limits, refuses low over high, applies', async () => {
    const calls = serve('warnRh', RH);
    renderWithApp(withCodes(['warningmanagement.warningconfiguration'], <WarnRhPage />), '/remote-control/warn/rh');
    const unit = t('warn.units.warnRh');
    const high = await screen.findByLabelText(t('warn.high', { unit }), {}, SLOW);
    await waitFor(() => expect((high as HTMLInputElement).value).toBe('85'), SLOW);
    expect(within(await screen.findByTestId('reported', {}, SLOW)).getByText(/40/)).toBeTruthy();
    const rules = await screen.findByTestId('platform-rules', {}, SLOW);
    await within(rules).findByText(/Rule 1/, {}, SLOW);
    // Rule 2 is of another shed type, rule 3 watches ammonia: not shown. Rule 4 has no stage for day 20.
    expect(within(rules).queryByText(/Other type/)).toBeNull();
    expect(within(rules).queryByText(/Ammonia/)).toBeNull();
    expect(within(rules).getByText(/Too dry later/).textContent).toContain(t('warn.noStage'));
    // The controller's high (85) is above the rule's (80), its low (40) below the rule's (45): hints, not refusals.
    expect(within(rules).getByText(t('warn.looser.high', { v: 80 }))).toBeTruthy();
    expect(within(rules).getByText(t('warn.looser.low', { v: 45 }))).toBeTruthy();
    fireEvent.change(high, { target: { value: '80' } });
    await waitFor(() => expect(within(rules).queryByText(t('warn.looser.high', { v: 80 }))).toBeNull(), SLOW);
    expect(within(rules).getByText(t('warn.looser.low', { v: 45 }))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t('warn.low', { unit })), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: t('warn.apply') }));
    expect(await screen.findByText(tk('validation.lowBelowHigh'), {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText(t('warn.low', { unit })), { target: { value: '45' } });
    await within(rules).findByText(t('warn.consistent'), {}, SLOW);
    await confirmApply(t('warn.apply'));
    await screen.findByRole('list', { name: t('curve.results') }, SLOW);
    const sent = calls.find((c) => c.path === APPLY)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ group: 'warnRh', shedIds: [7], codeKind: 'security', payload: { ...RH, low: 45, high: 80 } });
  });

  it('the alarm button page has no limits and no platform rules', async () => {
    const calls = serve('warnButton', { enabled: false, delaySeconds: 30 });
    renderWithApp(<WarnButtonPage />, '/remote-control/warn/button');
    const delay = await screen.findByLabelText(t('warn.delaySeconds'), {}, SLOW);
    await waitFor(() => expect((delay as HTMLInputElement).value).toBe('30'), SLOW);
    expect((screen.getByLabelText(t('warn.enabled')) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('platform-rules')).toBeNull();
    expect(calls.some((c) => c.path === '/warning/rule/page')).toBe(false);
  });

  it('without the alarm settings page the rules are not asked for', async () => {
    const calls = serve('warnRh', RH);
    renderWithApp(<WarnRhPage />, '/remote-control/warn/rh');
    expect(await screen.findByText(t('warn.platformNoRight'), {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === '/warning/rule/page')).toBe(false);
  });
});
