import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OptionLogRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { OptionLogsPage } from './OptionLogsPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const curve = (target: number) => ({ points: [{ day: 1, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 }], rhTarget: 60 });
const ROW: OptionLogRow = {
  id: 5,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  shedId: 7,
  shedName: 'House 1',
  group: 'tempDayAge',
  action: 'apply',
  fromValue: curve(30),
  toValue: curve(28),
  version: 2,
  codeKind: 'authorization',
  authCodeId: 3,
  confirmedOffComfort: true,
  accountId: 9,
  accountName: 'Demo Admin',
  status: 'failed',
  ackMsg: 'outOfRange',
  ackedAt: Date.now(),
  createdAt: Date.now(),
};

signedInEach({ farms: [PIG_FARM] });

describe('option log', { timeout: 40_000 }, () => {
  it('lists who changed what from which value to which, how it was confirmed and what the controller answered', async () => {
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [ROW], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const row = await screen.findByText('Demo Admin', {}, SLOW);
    const tr = row.closest('tr')!;
    expect(within(tr).getByText(/1: 30°C/)).toBeTruthy();
    expect(within(tr).getByText(/1: 28°C/)).toBeTruthy();
    expect(within(tr).getByText(t('codeDialog.authorization'))).toBeTruthy();
    expect(within(tr).getByText(t('logs.offComfort'))).toBeTruthy();
    expect(within(tr).getByText(t('status.failed'))).toBeTruthy();
    expect(within(tr).getByText(`${t('groups.tempDayAge')} v2`)).toBeTruthy();
  });

  it('says a pump change in words: kind, points, humidity limit and cycle, or not automatic', async () => {
    const pad = { pump: 1, kind: 'pad' as const, auto: true, onAbove: 3, offAbove: 2, rhLimit: 85, runSeconds: 60, stopSeconds: 0 };
    const row: OptionLogRow = { ...ROW, group: 'pumps', fromValue: { pumps: [pad] }, toValue: { pumps: [{ ...pad, auto: false }] } };
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [row], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const tr = (await screen.findByText('Demo Admin', {}, SLOW)).closest('tr')!;
    const kind = t('pumps.kinds.pad');
    expect(within(tr).getByText(t('pumps.summary', { kind, pump: 1, on: 3, off: 2, rh: 85, run: 60, stop: 0 }))).toBeTruthy();
    expect(within(tr).getByText(t('pumps.manual', { kind, pump: 1 }))).toBeTruthy();
    expect(within(tr).getByText(`${t('groups.pumps')} v2`)).toBeTruthy();
  });

  it('says a variable fan change in words: speed range and minimum ventilation by day age or by CO2', async () => {
    const byDay = {
      minSpeed: 20,
      maxSpeed: 90,
      mode: 'dayAge' as const,
      dayAge: [{ day: 0, percent: 5 }],
      co2: [{ ppm: 2500, percent: 30 }],
    };
    const row: OptionLogRow = { ...ROW, group: 'dynamicWind', fromValue: byDay, toValue: { ...byDay, mode: 'co2' } };
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [row], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const tr = (await screen.findByText('Demo Admin', {}, SLOW)).closest('tr')!;
    const speeds = t('dynamicWind.speedSummary', { min: 20, max: 90 });
    expect(within(tr).getByText(`${speeds}; ${t('dynamicWind.daySummary', { points: '0: 5 %' })}`)).toBeTruthy();
    expect(within(tr).getByText(`${speeds}; ${t('dynamicWind.co2Summary', { points: '2500 ppm: 30 %' })}`)).toBeTruthy();
    expect(within(tr).getByText(`${t('groups.dynamicWind')} v2`)).toBeTruthy();
  });

  it('says an inlet or curtain change in words: pressure target and band, or temperature line, and opening range', async () => {
    const side = { kind: 'side' as const, index: 1, control: 'pressure' as const, pressureTarget: 20, pressureBand: 2 };
    const inlet = { ...side, openFrom: 1, fullyOpen: 4, minOpen: 10, maxOpen: 90 };
    const row: OptionLogRow = {
      ...ROW,
      group: 'window',
      fromValue: { openings: [inlet] },
      toValue: { openings: [{ ...inlet, control: 'temperature' }] },
    };
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [row], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const tr = (await screen.findByText('Demo Admin', {}, SLOW)).closest('tr')!;
    const common = { kind: t('window.kinds.side'), index: 1, min: 10, max: 90 };
    expect(within(tr).getByText(t('window.pressureSummary', { ...common, pa: 20, band: 2 }))).toBeTruthy();
    expect(within(tr).getByText(t('window.temperatureSummary', { ...common, from: 1, full: 4 }))).toBeTruthy();
    expect(within(tr).getByText(`${t('groups.window')} v2`)).toBeTruthy();
  });

  it("says a change of the controller's alarm limits in words, by its group (humidity and pressure bands look alike)", async () => {
    const from = { enabled: true, low: 5, high: 60, delaySeconds: 30 };
    const row: OptionLogRow = { ...ROW, group: 'warnBar', fromValue: from, toValue: { ...from, enabled: false } };
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [row], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const tr = (await screen.findByText('Demo Admin', {}, SLOW)).closest('tr')!;
    const group = t('groups.warnBar');
    const band = t('warn.summaryBand', { low: 5, high: 60, unit: t('warn.units.warnBar'), delay: 30 });
    expect(within(tr).getByText(`${group}: ${band}`)).toBeTruthy();
    expect(within(tr).getByText(`${group}: ${t('warn.off')}`)).toBeTruthy();
  });

  it("says a feeder's ration sent again after a meal adjustment: feeder, grams by stage day and meal periods", async () => {
    const ration = (grams: number) => ({
      feederId: 4,
      collector: '01',
      feeder: '003',
      planId: 2,
      stages: [{ startDay: 1, endDay: 10, grams }],
      meals: [{ start: 300, end: 330, share: 100 }],
    });
    const row: OptionLogRow = { ...ROW, group: 'feeding', action: 'redispatch', fromValue: ration(4400), toValue: ration(3200) };
    mockApi({ 'GET /remotecontrol/optionLog/page': { data: { list: [row], total: 1, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<OptionLogsPage />, '/remote-control/option-logs');
    const tr = (await screen.findByText('Demo Admin', {}, SLOW)).closest('tr')!;
    const device = t('feedDevice.feeder', { collector: '01', feeder: '003' });
    const meals = t('feedDevice.rationMeal', { start: '05:00', end: '05:30', share: 100 });
    for (const grams of [4400, 3200]) {
      const stages = t('feedDevice.rationStage', { from: 1, to: 10, grams });
      expect(within(tr).getByText(t('feedDevice.ration', { device, stages, meals }))).toBeTruthy();
    }
    expect(within(tr).getByText(`${t('groups.feeding')} v2`)).toBeTruthy();
    expect(within(tr).getByText(t('logs.actions.redispatch'))).toBeTruthy();
  });
});
