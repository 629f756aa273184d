import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import type { EnvOverviewAnswer, OverviewGroup, OverviewShed } from '@farmsense/shared';
import { SessionContext, type SessionValue } from '../../../app/auth/sessionContext';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { EnvColumnPage } from './EnvColumnPage';
import { EnvShedPage } from './EnvShedPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
/** Text as the queries see it: a thin space reads as a space. */
const n = (s: string): string => s.replace(/\s+/g, ' ');
const curve = {
  points: [
    { day: 1, target: 30, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 21, target: 20, heatOffset: 1, coolOffset: 2, tunnelOffset: 4 },
  ],
  rhTarget: 60,
};
const heater = { heaters: [{ index: 1, enabled: true, onBelow: 1, offBelow: 0.5 }] };
const none = (group: OverviewGroup['group']): OverviewGroup => ({
  group,
  desiredVersion: null,
  reportedVersion: null,
  status: null,
  desired: null,
  reported: null,
});
const HOUSE_A: OverviewShed = {
  shedId: 7,
  shedName: 'House A',
  shedType: 4,
  controller: { gatewayId: 3, code: 'HKQ-1', name: 'Climate A', online: true, lastSeenAt: Date.now() },
  dayAge: 11,
  values: { 'temp.1': 24, 'temp.2': 26, 'rh.1': 58, 'co2.1': 1200, 'nh3.1': 6, 'pa.1': 12, 'fan.1': 40, 'fan.2': 0, 'heater.1': 1 },
  lastTs: Date.now(),
  groups: [
    { group: 'tempDayAge', desiredVersion: 2, reportedVersion: 2, status: 'synced', desired: curve, reported: curve },
    none('fixedWind'),
    none('dynamicWind'),
    none('window'),
    none('pumps'),
    { group: 'heater', desiredVersion: 3, reportedVersion: 2, status: 'pending', desired: heater, reported: heater },
  ],
  pens: [
    { penId: 70, fieldColumn: 1, field: 1, name: null },
    { penId: 71, fieldColumn: 2, field: 1, name: 'Sow row' },
  ],
};
const HOUSE_B: OverviewShed = {
  ...HOUSE_A,
  shedId: 8,
  shedName: 'House B',
  controller: null,
  dayAge: null,
  values: {},
  lastTs: null,
  groups: HOUSE_A.groups.map((g) => none(g.group)),
  pens: [{ penId: 80, fieldColumn: 1, field: 1, name: 'B pen' }],
};
const ANSWER: EnvOverviewAnswer = { farmId: 1, now: Date.now(), sheds: [HOUSE_A, HOUSE_B] };

const session = (codes: string[]): SessionValue =>
  ({ model: { routes: codes.map((code) => ({ code, path: `/${code}`, fullscreen: false })) } }) as unknown as SessionValue;
const held = (ui: ReactElement, codes: string[]): ReactElement => (
  <SessionContext.Provider value={session(codes)}>{ui}</SessionContext.Provider>
);

signedInEach({ farms: [PIG_FARM] });

describe('climate control overview', { timeout: 40_000 }, () => {
  it('per house: mode and live values beside the set values, each group with its state and a link to its page', async () => {
    const calls = mockApi({ 'GET /remotecontrol/envControl/overview': { data: ANSWER } });
    renderWithApp(held(<EnvShedPage />, ['remote-control.env-control.heater']), '/remote-control/env-control/shed');
    const table = await screen.findByRole('table', { name: menuLabel('remote-control.env-control.shed') }, SLOW);
    const rowA = within(table).getByText('House A').closest('tr')!;
    expect(within(rowA).getByText(t('overview.modes.heating'))).toBeTruthy();
    expect(within(rowA).getByText(n('25.0\u2009°C'))).toBeTruthy();
    // Day 11 of a curve from 30 °C on day 1 to 20 °C on day 21.
    expect(within(rowA).getByText(n(t('overview.set', { value: '25.0\u2009°C' })))).toBeTruthy();
    expect(within(rowA).getByText(n(t('overview.set', { value: '60\u2009%' })))).toBeTruthy();
    expect(within(rowA).getByText(n('1,200\u2009ppm'))).toBeTruthy();
    const groups = screen.getByRole('list', { name: `House A: ${t('overview.settings')}` });
    expect(within(groups).getByTestId('group-tempDayAge').textContent).toContain(t('status.synced'));
    expect(within(groups).getByTestId('group-heater').textContent).toContain(t('status.pending'));
    expect(within(groups).getByTestId('group-fixedWind').textContent).toContain(t('overview.notSet'));
    expect(within(groups).getByText(/1: 30°C, 21: 20°C/)).toBeTruthy();
    expect(within(groups).getByText(t('overview.versions', { desired: 3, reported: 2 }))).toBeTruthy();
    // Only the pages the account holds are links.
    const link = within(groups).getByRole('link', { name: t('overview.open', { group: t('groups.heater') }) });
    expect(link.getAttribute('href')).toBe('/remote-control.env-control.heater');
    expect(within(groups).queryByRole('link', { name: t('overview.open', { group: t('groups.tempDayAge') }) })).toBeNull();
    // A house without a controller says so.
    const rowB = within(table).getByText('House B').closest('tr')!;
    expect(within(rowB).getByText(t('overview.noController'))).toBeTruthy();
    expect(screen.getAllByText(t('overview.noController'))).toHaveLength(2);
    expect(calls.some((c) => c.query.farmId === '1')).toBe(true);
  });

  it('per pen: each pen with its house controller values and the settings waiting', async () => {
    mockApi({ 'GET /remotecontrol/envControl/overview': { data: ANSWER } });
    renderWithApp(<EnvColumnPage />, '/remote-control/env-control/column');
    const table = await screen.findByRole('table', { name: menuLabel('remote-control.env-control.column') }, SLOW);
    const pen = within(table).getByText('1-1').closest('tr')!;
    expect(within(pen).getByText('House A')).toBeTruthy();
    expect(within(pen).getByText(t('overview.syncedCount', { synced: 1, total: 2 }))).toBeTruthy();
    expect(within(pen).getByTestId('group-heater').textContent).toContain(t('status.pending'));
    const bPen = within(table).getByText('B pen').closest('tr')!;
    expect(within(bPen).getByText(t('overview.noController'))).toBeTruthy();
    expect(within(table).getByText('Sow row')).toBeTruthy();
  });

  it('says so when the farm has no houses', async () => {
    mockApi({ 'GET /remotecontrol/envControl/overview': { data: { ...ANSWER, sheds: [] } } });
    renderWithApp(<EnvShedPage />, '/remote-control/env-control/shed');
    expect((await screen.findAllByText(tk('common.noData'), {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
