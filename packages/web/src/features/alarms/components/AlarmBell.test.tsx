import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { LiveAlarm } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { TOP_BAR_WIDGETS } from '../../../app/routes/registry';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { fakeStream } from '../../../test/liveStream';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { AlarmBell } from './AlarmBell';

const COUNT = '/warning/record/count';

function serve(stream: ReturnType<typeof fakeStream>): { calls: RecordedCall[]; raise: () => void } {
  let counts = { total: 2, high: 0, medium: 1, low: 1 };
  const calls = mockApi({ [`GET ${COUNT}`]: () => ({ data: counts }) });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    String(input).startsWith('/api/telemetry/stream') ? Promise.resolve(stream.response()) : inner(input, init),
  );
  return { calls, raise: () => (counts = { total: 3, high: 1, medium: 1, low: 1 }) };
}

function Where(): string {
  const at = useLocation();
  return `${at.pathname}${at.search}`;
}

signedInEach({ farms: [PIG_FARM] });

describe('alarm bell', { timeout: 30_000 }, () => {
  it('is registered for the top bar under the alarm records page', () => {
    expect(TOP_BAR_WIDGETS.map((w) => w.code)).toContain('warningmanagement.warningrecord');
  });

  it('counts the active unacknowledged alarms by level, follows the stream, and opens the records filtered to them', async () => {
    const stream = fakeStream();
    const { calls, raise } = serve(stream);
    renderWithApp(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AlarmBell path="/warningmanagement/warningrecord" />
              <span data-testid="where">
                <Where />
              </span>
            </>
          }
        />
      </Routes>,
      '/pig/overview/shed',
    );
    const bell = await screen.findByTestId('alarm-bell', {}, SLOW);
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('2'), SLOW);
    // The most urgent level waiting colours it: medium.
    expect(bell.getAttribute('data-level')).toBe('2');
    expect(bell.getAttribute('aria-label')).toContain(`${tk('alarms.levels.2')} 1`);
    expect(calls.find((c) => c.path === COUNT)!.query).not.toHaveProperty('farmId');

    raise();
    const event: LiveAlarm = {
      id: 6,
      farmId: 1,
      shedId: 7,
      gatewayId: 3,
      ruleId: 4,
      level: 1,
      key: 'temp.2',
      active: true,
      acknowledged: false,
      value: 31,
      peak: 31,
      change: 'raised',
      ts: Date.now(),
    };
    // The stream may still be opening: send until the count follows.
    await waitFor(() => {
      stream.send('alarm', event);
      expect(bell.getAttribute('data-count')).toBe('3');
    }, SLOW);
    expect(bell.getAttribute('data-level')).toBe('1');

    fireEvent.click(bell);
    await waitFor(
      () => expect(screen.getByTestId('where').textContent).toBe('/warningmanagement/warningrecord?state=activeUnacknowledged'),
      SLOW,
    );
  });
});
