import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { tk } from '../../../app/i18n/i18n';
import { TOP_BAR_WIDGETS } from '../../../app/routes/registry';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { fakeStream } from '../../../test/liveStream';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { useDesktopAlerts } from '../model/desktopAlerts';
import { liveAlarm } from '../model/liveAlarm.fixture';
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

/** The Notification API as the tests see it: permission asked once, notifications recorded. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async (): Promise<NotificationPermission> => (FakeNotification.permission = 'granted'));
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

function renderBell(): void {
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
}

describe('alarm bell', { timeout: 30_000 }, () => {
  it('is registered for the top bar under the alarm records page', () => {
    expect(TOP_BAR_WIDGETS.map((w) => w.code)).toContain('warningmanagement.warningrecord');
  });

  it('counts the active unacknowledged alarms by level, follows the stream, and opens the records filtered to them', async () => {
    const stream = fakeStream();
    const { calls, raise } = serve(stream);
    renderBell();
    const bell = await screen.findByTestId('alarm-bell', {}, SLOW);
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('2'), SLOW);
    // The most urgent level waiting colours it: medium.
    expect(bell.getAttribute('data-level')).toBe('2');
    expect(bell.getAttribute('aria-label')).toContain(`${tk('alarms.levels.2')} 1`);
    expect(calls.find((c) => c.path === COUNT)!.query).not.toHaveProperty('farmId');

    raise();
    const event = liveAlarm(6);
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

  it('shows a browser notification for a raised alarm once turned on in its popover; a click focuses the window on the records of its shed', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    useDesktopAlerts.setState({ enabled: false });
    const stream = fakeStream();
    serve(stream);
    renderBell();
    const bell = await screen.findByTestId('alarm-bell', {}, SLOW);
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('2'), SLOW);

    // Off by default: a raised alarm only counts.
    stream.send('alarm', liveAlarm(5));
    await new Promise((r) => setTimeout(r, 200));
    expect(FakeNotification.shown).toEqual([]);

    fireEvent.mouseEnter(bell);
    const toggle = await screen.findByTestId('alarm-notify-toggle', {}, SLOW);
    expect(toggle.textContent).toBe(tk('shell.alarmBell.notify.off'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe(tk('shell.alarmBell.notify.on')), SLOW);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('farmsense.alarmNotifications') ?? '{}')).toMatchObject({ state: { enabled: true } });

    // Changes other than a raise tell no one.
    stream.send('alarm', liveAlarm(6, 'acknowledged'));
    stream.send('alarm', liveAlarm(6));
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1), SLOW);
    const [shown] = FakeNotification.shown;
    expect(shown!.title).toBe(tk('shell.alarmBell.notify.title', { level: tk('shell.alarmBell.levels.1') }));
    expect(shown!.options).toMatchObject({ body: 'Demo Pig Farm: temp.2 31', tag: 'alarm-6' });

    shown!.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(shown!.close).toHaveBeenCalled();
    await waitFor(
      () =>
        expect(screen.getByTestId('where').textContent).toBe(
          '/warningmanagement/warningrecord?state=activeUnacknowledged&farmId=1&shedId=7',
        ),
      SLOW,
    );

    // Turned off again: silent, and the browser is not asked again.
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe(tk('shell.alarmBell.notify.off')), SLOW);
    stream.send('alarm', liveAlarm(8));
    await new Promise((r) => setTimeout(r, 200));
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    focus.mockRestore();
  });
});
