import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { prepare, signInToShell } from '../helpers';
import { sel } from '../selectors';

const i18n = (locale: string, ns: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../packages/shared/src/i18n/${locale}/${ns}.json`), 'utf8'));

test('the language switch changes every text and survives reload and logout', async ({ page }) => {
  await prepare(page);
  await page.goto('/login/tenant');
  await sel.login.language(page).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  const ruAuth = i18n('ru', 'auth') as { submit: string; username: string };
  await expect(page.getByRole('button', { name: ruAuth.submit })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: ruAuth.submit })).toBeVisible();

  // Switch back to English for the shell, then to Vietnamese inside it.
  await page.getByRole('button', { name: (i18n('ru', 'shell') as { actions: { language: string } }).actions.language }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  // The choice is stored once English has loaded: wait for it, or the sign-in's navigation could
  // leave before it and find the Russian page again.
  await expect(page.getByRole('button', { name: (i18n('en-us', 'auth') as { submit: string }).submit })).toBeVisible();
  await signInToShell(page, 'pig');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
  const viMenu = i18n('vi', 'menu') as Record<string, string>;
  await expect(page.getByRole('navigation').getByRole('menuitem', { name: viMenu['pig.overview.shed'] })).toBeVisible();
  // Server messages follow the language too: the shed overview asks with Accept-Language vi.
  const req = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['accept-language'] === 'vi');
  await page.reload();
  await req;
});

test.describe('first visit', () => {
  test.use({ locale: 'vi-VN' });

  test("follows the browser's language, and a language the user picks is kept", async ({ page }) => {
    // No prepare(): nothing stored yet, as on a farm PC opening the console for the first time.
    await page.goto('/login/tenant');
    const viAuth = i18n('vi', 'auth') as { submit: string };
    await expect(page.getByRole('button', { name: viAuth.submit })).toBeVisible();

    const viShell = i18n('vi', 'shell') as { actions: { language: string } };
    await page.getByRole('button', { name: viShell.actions.language }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    const ruAuth = i18n('ru', 'auth') as { submit: string };
    await expect(page.getByRole('button', { name: ruAuth.submit })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: ruAuth.submit })).toBeVisible();
  });
});

test.describe('first visit in English', () => {
  test.use({ locale: 'en-US' });

  test('an en-US browser gets the English sign-in page', async ({ page }) => {
    await page.goto('/login/tenant');
    const enAuth = i18n('en-us', 'auth') as { submit: string };
    await expect(page.getByRole('button', { name: enAuth.submit })).toBeVisible();
  });
});
