import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, lastCall, lastQuery } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { fmtKg } from '../model/forecast';
import { siloRow } from '../test/fixtures';
import { SiloRecordsPage } from './SiloRecordsPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`silos.${key}`, vars);
const SILO = '/breedpigbuilding/breedWeightFodder/silo';

function serve(): RecordedCall[] {
  return mockApi({
    [`GET ${SILO}/page`]: { data: { list: [siloRow()], total: 1, pageNo: 1, pageSize: 1000 } },
    [`GET ${SILO}/deliveries`]: {
      data: {
        list: [
          {
            id: 5,
            siloId: 1,
            siloName: 'Silo 1',
            startedAt: Date.parse('2026-03-01T02:00:00Z'),
            ts: Date.parse('2026-03-01T02:40:00Z'),
            kg: 6012.4,
          },
        ],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      },
    },
    [`GET ${SILO}/daily`]: {
      data: {
        list: [
          { siloId: 1, siloName: 'Silo 1', day: '2026-03-01', consumedKg: 1480.2, deliveredKg: 6012.4, deliveries: 1, closingKg: 8200 },
        ],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      },
    },
  });
}

signedInEach({ farms: [PIG_FARM] });

describe('silo records page', { timeout: 40_000 }, () => {
  it('lists the deliveries of the last 30 days, then the daily consumption chosen in the address', async () => {
    const calls = serve();
    renderWithApp(<SiloRecordsPage />, '/weight/records');
    await screen.findByText(t('units.kg', { value: fmtKg(6012) }), {}, SLOW);
    const q = lastQuery(calls, `${SILO}/deliveries`);
    expect(q).toMatchObject({ farmId: '1', pageNo: '1' });
    expect(Math.abs(Date.now() - 30 * 86_400_000 - Number(q.start))).toBeLessThan(60_000);

    fireEvent.click(screen.getByText(t('history.views.daily')));
    await screen.findByText('2026-03-01', {}, SLOW);
    expect(screen.getByText(t('units.kg', { value: fmtKg(1480) }))).toBeTruthy();
    expect(screen.getByText(t('history.deliveredCount', { kg: t('units.kg', { value: fmtKg(6012) }), count: 1 }))).toBeTruthy();
    await waitFor(() => expect(lastCall(calls, `${SILO}/daily`)?.query).toMatchObject({ farmId: '1' }), SLOW);
  });
});
