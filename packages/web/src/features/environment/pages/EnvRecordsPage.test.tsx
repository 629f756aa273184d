import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RecordsAnswer } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { EnvRecordsPage } from './EnvRecordsPage';
import { PIG_FARM, signedInEach } from '../../../test/session';

const SHEDS = [
  { tid: 1, shedName: 'Farrowing 1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 },
  { tid: 2, shedName: 'Nursery 1', shedType: 3, areaNum: 1, buildingNum: 2, shedNum: 1, farmId: 1 },
];
const TS = [1_790_000_060_000, 1_790_000_030_000];

function answer(several: boolean): RecordsAnswer {
  const f = (code: string, key: string): string => (several ? `${code}/${key}` : key);
  const columns = several
    ? [
        { field: f('fs-demo01', 'temp.1'), key: 'temp.1', gatewayCode: 'fs-demo01', unit: '°C' },
        { field: f('fs-demo09', 'temp.1'), key: 'temp.1', gatewayCode: 'fs-demo09', unit: '°C' },
      ]
    : [
        { field: 'temp.1', key: 'temp.1', gatewayCode: 'fs-demo01', unit: '°C' },
        { field: 'temp.2', key: 'temp.2', gatewayCode: 'fs-demo01', unit: '°C' },
        { field: 'outTemp.1', key: 'outTemp.1', gatewayCode: 'fs-demo01', unit: '°C' },
      ];
  const list = TS.map((ts, i) => ({
    ts,
    values: Object.fromEntries(columns.map((c, j) => [c.field, i === 1 && j === 1 ? null : 24 + i + j / 10])),
  }));
  return { list, total: 57, pageNo: 1, pageSize: 20, columns, unit: '°C' };
}

function serve(several = false): RecordedCall[] {
  return mockApi({
    'GET /breedpigbuilding/shedInfo/list': { data: SHEDS },
    'POST /environment/records': { data: answer(several) },
  });
}

signedInEach({ farms: [PIG_FARM] });

describe('environment records table', { timeout: 30_000 }, () => {
  it('has the reading time, then one column per sensor with its unit, and asks for the last 24 hours of the first shed', async () => {
    const calls = serve();
    renderWithApp(<EnvRecordsPage kind="temp" farmType={1} />);
    const table = await screen.findByRole('table', {}, SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2), SLOW);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([tk('common.time'), 'Temperature 1 (°C)', 'Temperature 2 (°C)', 'Outdoor temperature (°C)']);
    const body = calls.find((c) => c.path === '/environment/records')!.body as Record<string, number | string>;
    expect(body).toMatchObject({ shedId: 1, kind: 'temp', pageNo: 1, pageSize: 20 });
    expect(Number(body.endTime) - Number(body.startTime)).toBe(24 * 3_600_000);

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (r: HTMLElement): string[] =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? '');
    expect(cells(rows[0]!).slice(1)).toEqual(['24.0', '24.1', '24.2']);
    // A sensor without a value at that time shows a dash, not 0.
    expect(cells(rows[1]!).slice(1)).toEqual(['25.0', '–', '25.2']);
    expect(screen.getByText(tk('common.total', { count: 57 }))).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(tk('environment.records.export')) })).toBeTruthy();
  });

  it('prefixes the gateway code when a shed has several controllers', async () => {
    serve(true);
    renderWithApp(<EnvRecordsPage kind="temp" farmType={1} />);
    const table = await screen.findByRole('table', {}, SLOW);
    await waitFor(
      () =>
        expect(
          within(table)
            .getAllByRole('columnheader')
            .map((h) => h.textContent),
        ).toEqual([tk('common.time'), 'fs-demo01 Temperature 1 (°C)', 'fs-demo09 Temperature 1 (°C)']),
      SLOW,
    );
  });
});
