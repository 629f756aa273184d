import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, posted } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { siloRow } from '../test/fixtures';
import { SiloBindPage } from './SiloBindPage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`silos.${key}`, vars);
const SILO = '/breedpigbuilding/breedWeightFodder/silo';
const ROWS = [siloRow(), siloRow({ id: 2, name: 'Silo 2', gatewayId: null, gatewayCode: null, gatewayName: null, channel: null })];

function serve(bindCode = 1): RecordedCall[] {
  return mockApi({
    [`GET ${SILO}/page`]: { data: { list: ROWS, total: 2, pageNo: 1, pageSize: 20 } },
    [`POST ${SILO}`]: { data: { id: 3 } },
    [`POST ${SILO}/bindScale`]: { code: bindCode },
    [`GET ${SILO}/scales`]: {
      data: [{ id: 40, code: 'fs-weigh01', name: 'Tower scales', bound: [{ channel: 1, siloId: 1, siloName: 'Silo 1' }] }],
    },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Finisher A', shedType: 4, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 }],
    },
  });
}

signedInEach({ farms: [PIG_FARM] });

describe('silo binding page', { timeout: 40_000 }, () => {
  it('lists the silos with their houses and scale channel, or none', async () => {
    const calls = serve();
    renderWithApp(<SiloBindPage />, '/weight/bind');
    await screen.findByText('Silo 2', {}, SLOW);
    expect(calls.find((c) => c.path === `${SILO}/page`)!.query).toMatchObject({ farmId: '1' });
    expect(within(tableRow(1)).getByTestId('silo-scale').textContent).toBe(
      t('bind.scaleChannel', { name: 'Tower scales', code: 'fs-weigh01', channel: 1 }),
    );
    expect(tableRow(1).textContent).toContain('Finisher A');
    expect(within(tableRow(2)).getByTestId('silo-unbound').textContent).toBe(t('bind.unbound'));
  });

  it('adds a silo checked by the shared rules: empty below full', async () => {
    const calls = serve();
    renderWithApp(<SiloBindPage />, '/weight/bind');
    await screen.findByText('Silo 2', {}, SLOW);
    fireEvent.click(screen.getByText(t('bind.add')).closest('button')!);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText(t('fields.name')), { target: { value: 'Silo 3' } });
    fireEvent.change(within(dialog).getByLabelText(t('fields.capacityKg')), { target: { value: '9000' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(t('fields.sheds')));
    fireEvent.click(await screen.findByTitle('Finisher A', {}, SLOW));
    fireEvent.change(within(dialog).getByLabelText(t('fields.emptyPct')), { target: { value: '96' } });
    fireEvent.click(within(dialog).getByText(tk('common.save')).closest('button')!);
    expect(await within(dialog).findByText(tk('validation.invalid'), {}, SLOW)).toBeTruthy();
    expect(posted(calls, SILO)).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText(t('fields.emptyPct')), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByText(tk('common.save')).closest('button')!);
    await waitFor(
      () =>
        expect(posted(calls, SILO)).toEqual({
          farmId: 1,
          name: 'Silo 3',
          capacityKg: 9000,
          shedIds: [7],
          emptyPct: 15,
          fullPct: 95,
          leadDays: 3,
        }),
      SLOW,
    );
  });

  it('binds a scale channel, shows the channels in use and puts 20050 under the channel', async () => {
    const calls = serve(20050);
    renderWithApp(<SiloBindPage />, '/weight/bind');
    await screen.findByText('Silo 2', {}, SLOW);
    fireEvent.click(within(tableRow(2)).getByLabelText(t('bind.bindOf', { name: 'Silo 2' })));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.mouseDown(within(dialog).getByLabelText(t('fields.scale')));
    fireEvent.click(await screen.findByTitle('Tower scales (fs-weigh01)', {}, SLOW));
    expect((await within(dialog).findByTestId('silo-taken-channels', {}, SLOW)).textContent).toBe(
      t('bind.taken', { list: t('bind.takenOne', { channel: 1, name: 'Silo 1' }) }),
    );
    fireEvent.change(within(dialog).getByLabelText(t('fields.channel')), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByText(tk('common.save')).closest('button')!);
    await waitFor(() => expect(posted(calls, `${SILO}/bindScale`)).toEqual({ id: 2, gatewayId: 40, channel: 1 }), SLOW);
    expect(await within(dialog).findByText(tk('errors.20050'), {}, SLOW)).toBeTruthy();
  });
});
