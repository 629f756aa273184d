import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelledError, request, send } from './client';
import { abortPendingRequests, bindNavigator } from './navigation';
import { bindToasts } from './toast';
import { i18n } from '../i18n/i18n';
import { useAppStore } from '../stores/appStore';

/** SPEC §8 "handling of responses", one case per rule, against a mocked fetch. */
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const navigate = vi.fn();
let clock = new Date('2030-01-01T00:00:00Z').getTime();

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

const err = (code: number): string => i18n.t(String(code), { ns: 'errors' });

beforeEach(async () => {
  await i18n.changeLanguage('en-us');
  useAppStore.setState({ token: 'tok-1', locale: 'en-us' });
  bindToasts(toasts as never);
  bindNavigator(navigate);
  // Each case is far from the previous one, so the redirect de-duplication never hides a case.
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  window.history.replaceState(null, '', '/pig/overview/shed');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('API client envelope handling', () => {
  it('sends token and Accept-Language and returns data for code 1', async () => {
    answer(200, { code: 1, msg: 'ok', data: { a: 1 } });
    await expect(request('/x', { method: 'POST', body: { q: 1 } })).resolves.toEqual({ a: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/x');
    const headers = init!.headers as Record<string, string>;
    expect(headers.token).toBe('tok-1');
    expect(headers['Accept-Language']).toBe('en-us');
    expect(init!.body).toBe('{"q":1}');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('adds query parameters and skips empty ones', async () => {
    answer(200, { code: 1, msg: '', data: null });
    await request('/y', { query: { farmId: 3, empty: undefined, none: null } });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/y?farmId=3');
  });

  it.each([10009, 20001, 10002])('code %i ends the session: token cleared, message with "log in again", login page', async (code) => {
    answer(code === 10009 ? 403 : 401, { code, msg: 'x', data: null });
    await expect(request('/z')).rejects.toMatchObject({ code, handled: true });
    expect(useAppStore.getState().token).toBeNull();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    const text = toasts.error.mock.calls[0]![0] as string;
    expect(text).toContain(err(code));
    expect(text).toContain(i18n.t('client.loginAgain', { ns: 'errors' }));
    expect(navigate).toHaveBeenCalledWith('/login/tenant');
  });

  it('shows one message and redirects once when parallel calls fail together', async () => {
    answer(401, { code: 10002, msg: '', data: null });
    await Promise.allSettled([request('/a'), request('/b'), request('/c')]);
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('on the sign-in screen 20001 only says the credentials are wrong', async () => {
    window.history.replaceState(null, '', '/login/tenant');
    answer(401, { code: 20001, msg: '', data: null });
    await expect(request('/login')).rejects.toBeInstanceOf(ApiError);
    expect(toasts.error).toHaveBeenCalledWith(err(20001));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores code 20062 silently', async () => {
    answer(200, { code: 20062, msg: '', data: null });
    await expect(request('/s')).rejects.toMatchObject({ code: 20062 });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(useAppStore.getState().token).toBe('tok-1');
  });

  it('resolves an HTTP 400 answer quietly with its envelope', async () => {
    const env = { code: 99996, msg: 'bad', data: { issues: [{ field: 'phoneNo', key: 'validation.phone' }] } };
    answer(400, env);
    await expect(send('/q', { method: 'POST', body: {} })).resolves.toEqual(env);
    expect(toasts.error).not.toHaveBeenCalled();
    // request() hands it to the caller as an error nobody has reported yet.
    answer(400, env);
    await expect(request('/q')).rejects.toMatchObject({ code: 99996, handled: false });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('shows "operation failed" for code 0', async () => {
    answer(200, { code: 0, msg: '', data: null });
    await expect(request('/f')).rejects.toMatchObject({ code: 0, handled: true });
    expect(toasts.error).toHaveBeenCalledWith(err(0));
  });

  it('shows "operation failed" for a network failure and for a non-envelope answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('/n')).rejects.toMatchObject({ code: 0 });
    answer(502, '<html>Bad gateway</html>');
    await expect(request('/n')).rejects.toMatchObject({ code: 0 });
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(toasts.error).toHaveBeenNthCalledWith(2, err(0));
  });

  it.each([20071, 20045])('logs code %i and shows its message', async (code) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(200, { code, msg: '', data: null });
    await expect(request('/l')).rejects.toMatchObject({ code });
    expect(warn).toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith(err(code));
  });

  it('shows the translated message of any other code', async () => {
    answer(200, { code: 20007, msg: 'server text is not used', data: null });
    await expect(request('/o')).rejects.toMatchObject({ code: 20007 });
    expect(toasts.error).toHaveBeenCalledWith(err(20007));
    answer(429, { code: 21011, msg: '', data: null });
    await expect(request('/o')).rejects.toMatchObject({ code: 21011 });
    expect(toasts.error).toHaveBeenLastCalledWith(err(21011));
  });

  it('quiet background calls report nothing and keep the session', async () => {
    answer(403, { code: 10009, msg: '', data: null });
    await expect(request('/lists', { quiet: true })).rejects.toMatchObject({ code: 10009, handled: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('/lists', { quiet: true })).rejects.toMatchObject({ code: 0, handled: false });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(useAppStore.getState().token).toBe('tok-1');
  });

  it('a navigation cancels pending page requests without a message; global calls survive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((resolve, reject) => {
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            setTimeout(() => resolve(new Response(JSON.stringify({ code: 1, msg: '', data: 'late' }))), 20);
          }),
      ),
    );
    const page = request('/page');
    const global = request('/global', { global: true });
    abortPendingRequests();
    await expect(page).rejects.toBeInstanceOf(CancelledError);
    await expect(global).resolves.toBe('late');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
