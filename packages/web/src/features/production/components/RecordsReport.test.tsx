import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { SessionContext, type SessionValue } from '../../../app/auth/sessionContext';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { recordsPageFor } from '../pages/poultryRecordsPages';

const InoculationPage = recordsPageFor('ci18.immunel.inoculation');
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const AT = Date.UTC(2026, 10, 19, 1, 0);

/** A session whose permission tree holds only the given paths. */
const session = (paths: string[]): SessionValue =>
  ({ model: { chainOf: (p: string) => (paths.includes(p) ? [{ applicationCode: p }] : []) } }) as unknown as SessionValue;

signedInEach({ farms: [POULTRY_FARM] });

describe('vaccination records (/ci18/immunel/inoculation)', { timeout: 60_000 }, () => {
  it('lists the farm vaccinations of the last 7 days with the entry form labels', async () => {
    const calls = mockApiNoHouses({
      'POST /breedpigbuilding/flockDaily/immune/page': {
        data: {
          list: [
            {
              id: 1,
              flockId: 9,
              groupNo: 'B2-1110',
              shedId: 41,
              shedName: 'Broiler House 2',
              farmId: 2,
              farmName: 'Demo Poultry Farm',
              day: '2026-11-19',
              dayAge: 10,
              at: AT,
              vaccineBrand: 'ND-IB live',
              method: 'Eye drop',
              disease: 'Newcastle disease',
              dose: null,
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 20,
        },
      },
    });
    renderWithApp(
      <SessionContext.Provider value={session(['/ci18/immunel/inoculation'])}>
        <InoculationPage />
      </SessionContext.Provider>,
    );
    expect(await screen.findByText('ND-IB live', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText(tk('records.immune.vaccineBrand')).length).toBeGreaterThan(0);
    const body = calls.find((c) => c.path === '/breedpigbuilding/flockDaily/immune/page')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ farmId: 2, pageNo: 1, pageSize: 20 });
    expect(String(body.start) < String(body.end)).toBe(true);
  });
});
