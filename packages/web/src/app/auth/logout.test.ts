import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout';
import { takeFlash } from './sessionFlags';
import { useAppStore } from '../stores/appStore';

// The client toasts "operation failed" when the server is unreachable; antd's toast timers would
// outlive the jsdom window of this file, so the toast is replaced here.
vi.mock('../api/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  bindToasts: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('revokes the token, keeps only language and farm mode, and reloads the login page', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 1, msg: '', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    useAppStore.setState({ token: 'tok', locale: 'th', wholeFarmType: 2, lastRoute: '/reports/a', menuCollapsed: true });
    const reload = vi.fn();

    await logout(reload);

    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/breedpigaccount/login/doLogout');
    expect(useAppStore.getState()).toMatchObject({ token: null, locale: 'th', wholeFarmType: 2, lastRoute: null, menuCollapsed: false });
    expect(reload).toHaveBeenCalledWith('/login/tenant');
    // The page that logs out may already show the sign-in page: the message waits for the reload.
    expect(takeFlash()).toBeNull();
    vi.resetModules();
    const nextLoad = await import('./sessionFlags');
    expect(nextLoad.takeFlash()).toBe('loggedOut');
    expect(nextLoad.takeFlash()).toBeNull();
  });

  it('still ends the session locally when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    useAppStore.setState({ token: 'tok' });
    const reload = vi.fn();
    await logout(reload);
    expect(useAppStore.getState().token).toBeNull();
    expect(reload).toHaveBeenCalledWith('/login/tenant');
  });
});
