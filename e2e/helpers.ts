import { expect, type Locator, type Page } from '@playwright/test';
import { CAPTCHA_CODE } from './playwright.config';
import { sel } from './selectors';

export const DEMO_PASSWORD = 'Demo@12345';

/** Starts the console in a language before its first load (later loads keep what the user chose). */
export async function prepare(page: Page, opts: { locale?: string } = {}): Promise<void> {
  const locale = opts.locale ?? 'en-us';
  await page.addInitScript((l) => {
    if (!localStorage.getItem('farmsense.app')) {
      localStorage.setItem('farmsense.app', JSON.stringify({ state: { locale: l }, version: 1 }));
    }
    // Toasts live 2 s (SPEC §9): record every one shown on this page so a test never races them.
    const TOAST = '.ant-message-notice, .fs-toast';
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => {
          if (n instanceof HTMLElement) {
            // antd's toasts in the console, the plain ones on the sign-in page (no antd there).
            const notices = n.matches(TOAST) ? [n] : Array.from(n.querySelectorAll(TOAST));
            notices.forEach((el) => seen.push(el.textContent ?? ''));
          }
        });
      }
    }).observe(document, { childList: true, subtree: true });
  }, locale);
}

/**
 * Every toast text shown on the current page so far; none while the page is navigating (a
 * sign-out loads the sign-in page: the evaluation's context is destroyed, and a poll asks again).
 */
export async function toasts(page: Page): Promise<string[]> {
  try {
    return await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
  } catch (err) {
    if (err instanceof Error && /Execution context was destroyed|navigat/i.test(err.message)) return [];
    throw err;
  }
}

/** Waits until a toast containing the text has been shown on the current page. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await toasts(page)).some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t))), { timeout: 15_000 })
    .toBe(true);
}

/** Signs in through the login form, answering the captcha with the test code. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  // /login redirects to /login/tenant (covered by the auth spec); go straight there so the
  // redirect cannot interrupt the navigation.
  await page.goto('/login/tenant');
  await sel.login.username(page).fill(username);
  await sel.login.password(page).fill(password);
  await expect(sel.login.captchaImage(page).locator('img')).toBeVisible();
  await sel.login.captcha(page).fill(CAPTCHA_CODE);
  await sel.login.submit(page).click();
}

/**
 * Signs in and waits for the shell. The demo accounts have no safe code, so the console asks for
 * one right after sign-in; tests that are not about it put it off with "Set later".
 */
export async function signInToShell(page: Page, username: string, opts: { keepSafeCodePrompt?: boolean } = {}): Promise<void> {
  await signIn(page, username);
  await expect(sel.shell.menu(page)).toBeVisible();
  if (opts.keepSafeCodePrompt) return;
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Set a safe code')).toBeVisible();
  await dialog.getByRole('button', { name: 'Set later' }).click();
  await expect(dialog).toBeHidden();
}

export async function logOut(page: Page): Promise<void> {
  await sel.shell.accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/tenant/);
}

/** Calls the API with the signed-in session (test setup only: what is under test goes through the screens). */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('farmsense.app') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
  const res = await page.request.fetch(`/api${url}`, { method, headers: { token, 'Accept-Language': 'en-us' }, data });
  const env = (await res.json()) as { code: number; data: T };
  expect(env.code, `${method} ${url}`).toBe(1);
  return env.data;
}

/**
 * Picks an option of an antd select and checks that it took: a click that lands while the
 * dropdown is still opening (a loaded machine) is lost without a trace, so the pick is tried
 * again until the select shows the label.
 */
export async function chooseOption(page: Page, field: Locator, label: string): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
