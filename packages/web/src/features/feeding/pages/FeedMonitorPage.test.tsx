import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { signedInEach } from '../../../test/session';
import { FeedMonitorPage } from './FeedMonitorPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`feeding.${key}`, vars);
const FARM = { id: 5, farmId: 5, farmName: 'Demo Pig Farm', type: 1, scale: null, timeZone: 'Asia/Shanghai' };
const pen = { shedId: 51, shedName: 'Farrowing 1', penColumn: 1, penRow: 1, lastReport: null };

signedInEach({ farms: [FARM] });

describe('feeding monitor page', { timeout: 60_000 }, () => {
  it('shows per pen the planned and dispensed kilograms, the feeders reporting and the sows that did not eat', async () => {
    const calls = mockApi({
      'GET /feeding/monitor/pens': {
        data: {
          day: '2026-11-28',
          pens: [
            {
              ...pen,
              penId: 1,
              feeders: 6,
              reporting: 6,
              planned: 30000,
              dispensed: 15000,
              feeding: 2,
              notEating: 1,
              lastReport: Date.now(),
            },
            { ...pen, penId: 2, penColumn: 2, feeders: 6, reporting: 0, planned: 0, dispensed: 0, feeding: 0, notEating: 0 },
          ],
        },
      },
      'GET /breedpigbuilding/shedInfo/list': { data: [] },
    });
    renderWithApp(<FeedMonitorPage />, '/accurate-feeding/mornitoring');
    expect(await screen.findByText(t('monitor.reporting', { n: 6, of: 6 }), {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/monitor/pens')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText('30')).toBeTruthy();
    expect(screen.getByText('15')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByTestId('pen-not-eating').textContent).toBe(t('monitor.notEating', { n: 1 }));
    expect(screen.getByText(t('monitor.feeding', { n: 2 }))).toBeTruthy();
    expect(screen.getByText(t('monitor.reporting', { n: 0, of: 6 }))).toBeTruthy();
  });

  it('says what to do when the farm has no feeders', async () => {
    mockApi({
      'GET /feeding/monitor/pens': { data: { day: '2026-11-28', pens: [] } },
      'GET /breedpigbuilding/shedInfo/list': { data: [] },
    });
    renderWithApp(<FeedMonitorPage />, '/accurate-feeding/mornitoring');
    expect(await screen.findByText(t('monitor.empty'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(t('monitor.emptyHint'))).toBeTruthy();
  });
});
