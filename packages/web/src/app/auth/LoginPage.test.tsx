import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../providers';
import { createQueryClient } from '../queryClient';
import { AppRoutes } from '../routes/AppRoutes';
import { i18n, tk } from '../i18n/i18n';
import { INITIAL_DATA, useAppStore } from '../stores/appStore';

const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

function serve(captcha: boolean): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.startsWith('/api/getConfig')
        ? { publicKey: 'unused', captcha, productVersion: '9.9.9' }
        : url.startsWith('/api/ssologin/login/getCaptcha')
          ? { captchaId: 'c1', image: CAPTCHA_IMAGE, expiresIn: 300 }
          : null;
      return new Response(JSON.stringify({ code: 1, msg: '', data }), { status: 200 });
    }),
  );
}

function renderLogin(): void {
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(async () => {
  useAppStore.setState({ ...INITIAL_DATA, locale: 'en-us' });
  await i18n.changeLanguage('en-us');
});

afterEach(() => vi.unstubAllGlobals());

// antd forms in jsdom are slow when the suite runs files in parallel: generous time limits.
const SLOW = { timeout: 10_000 };

describe('login page', { timeout: 30_000 }, () => {
  it('shows labelled fields, the captcha image and the product version', async () => {
    serve(true);
    renderLogin();
    expect(await screen.findByLabelText(i18n.t('username', { ns: 'auth' }), {}, SLOW)).toBeTruthy();
    expect(screen.getByLabelText(i18n.t('password', { ns: 'auth' }))).toBeTruthy();
    expect(await screen.findByAltText(i18n.t('captchaImageAlt', { ns: 'auth' }), {}, SLOW)).toBeTruthy();
    expect(screen.getAllByLabelText(i18n.t('captcha', { ns: 'auth' })).length).toBeGreaterThan(0);
    expect(await screen.findByText('v9.9.9', {}, SLOW)).toBeTruthy();
  });

  it('says which fields are empty, with the shared validation messages', async () => {
    serve(true);
    renderLogin();
    await screen.findByAltText(i18n.t('captchaImageAlt', { ns: 'auth' }), {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('submit', { ns: 'auth' }) }));
    await waitFor(() => expect(screen.getAllByText(tk('validation.required'))).toHaveLength(3), SLOW);
    // Nothing was sent: only the config and the captcha were fetched.
    const calls = vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    expect(calls.some((u) => u.includes('doLogin'))).toBe(false);
  });

  it('hides the verification code when the server has captcha off', async () => {
    serve(false);
    renderLogin();
    await screen.findByText('v9.9.9', {}, SLOW);
    expect(screen.queryByLabelText(i18n.t('captcha', { ns: 'auth' }))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('submit', { ns: 'auth' }) }));
    await waitFor(() => expect(screen.getAllByText(tk('validation.required'))).toHaveLength(2), SLOW);
  });

  it('follows the chosen language', async () => {
    serve(false);
    useAppStore.setState({ locale: 'zh-cn' });
    await i18n.changeLanguage('zh-cn');
    renderLogin();
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(screen.getByLabelText('用户名')).toBeTruthy();
  });
});
