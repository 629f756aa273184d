import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { ShedsPage } from './ShedsPage';
import { PIG_FARM, POULTRY_FARM, signedInEach, withSessionLists } from '../../../test/session';
import { shedRow } from '../../../test/fixtures';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`sheds.${key}`, vars);
const shed = shedRow;
const SHEDS = [
  shed({ tid: 1, gateways: [{ code: 'fs-demo04', name: 'Climate 4', gatewayType: 101, deviceCategory: 200, model: 'FS-ENV-8' }] }),
  shed({ tid: 2, shedName: 'Spare house', shedType: 2000, areaNum: 0, buildingNum: 0, shedNum: 0, penCount: 0 }),
];

signedInEach({ farms: [POULTRY_FARM] });

describe('sheds page', { timeout: 40_000 }, () => {
  it('lists the sheds of the farm with the SPEC label, type, pens and gateways, and opens a shed’s pens', async () => {
    const calls = mockApi({
      'POST /breedpigbuilding/shed/querySheds': { data: { list: SHEDS, total: 2, pageNo: 1, pageSize: 20 } },
      'POST /breedpigbuilding/shed/queryFields': {
        data: [
          { id: 9, shedId: 1, fieldColumn: 3, field: 1, name: null },
          { id: 10, shedId: 1, fieldColumn: 0, field: 0, name: 'Sick bay' },
        ],
      },
    });
    renderWithApp(<ShedsPage />);
    await screen.findByText('Spare house', {}, SLOW);
    expect(calls[0]).toMatchObject({ path: '/breedpigbuilding/shed/querySheds', body: { farmId: 2, pageNo: 1, pageSize: 20 } });
    const labels = screen.getAllByTestId('shedlist-label').map((e) => e.textContent);
    expect(labels).toEqual([`1-1-1 (${tk('enums.poultryShedType.1001')})`, tk('enums.shedDisplay.emptyShed')]);
    const first = screen.getByText('Broiler House 1').closest('tr')!;
    expect(within(first).getByText('fs-demo04')).toBeTruthy();
    expect(
      (within(first).getByRole('button', { name: t('actions.deleteOf', { name: 'Broiler House 1' }) }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(within(first).getByRole('button', { name: t('actions.pensOf', { name: 'Broiler House 1' }) }));
    await screen.findByText(t('pens.title', { name: 'Broiler House 1' }), {}, SLOW);
    const pens = (await screen.findAllByTestId('pen-label', {}, SLOW)).map((e) => e.textContent);
    expect(pens).toEqual(['3-1', tk('enums.shedDisplay.emptyColumn')]);
    expect(screen.getByText(`1-1-1-3 (${tk('enums.poultryShedType.1001')})`)).toBeTruthy();
    expect(calls.find((c) => c.path === '/breedpigbuilding/shed/queryFields')!.body).toEqual({ shedId: 1 });
  });

  it('says that the tenant has no farm yet', async () => {
    withSessionLists({ farms: [] });
    mockApi({ 'GET /breedpigbuilding/farmInfo/list': { data: [] } });
    renderWithApp(<ShedsPage />);
    expect(await screen.findByText(t('page.noFarm'), {}, SLOW)).toBeTruthy();
  });
});

describe('sheds page in poultry mode', { timeout: 40_000 }, () => {
  signedInEach({ farms: [PIG_FARM, POULTRY_FARM], wholeFarmType: 2 });

  it('shows the poultry farm first and adds new houses to it, not to the first (pig) farm', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/shed/querySheds': { data: { list: SHEDS, total: 2, pageNo: 1, pageSize: 20 } } });
    renderWithApp(<ShedsPage />);
    await screen.findByText('Spare house', {}, SLOW);
    expect(calls[0]).toMatchObject({ path: '/breedpigbuilding/shed/querySheds', body: { farmId: POULTRY_FARM.id } });
    fireEvent.click(screen.getByText(t('actions.add')).closest('button')!);
    expect(await screen.findByText(t('form.addTitle', { farm: POULTRY_FARM.farmName }), {}, SLOW)).toBeTruthy();
  });
});
