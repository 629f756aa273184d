import { expect, test } from '@playwright/test';
import { expectToast, logOut, prepare, signIn, signInToShell } from '../helpers';
import { sel } from '../selectors';

test.describe('sign-in and session', () => {
  test.beforeEach(async ({ page }) => prepare(page));

  test('a visitor without a session lands on the login screen', async ({ page }) => {
    await page.goto('/pig/overview/shed');
    await expect(page).toHaveURL(/\/login\/tenant$/);
    await expect(sel.login.submit(page)).toBeVisible();
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login\/tenant$/);
  });

  test('empty fields get the required messages and nothing is sent', async ({ page }) => {
    await page.goto('/login/tenant');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/doLogin')) calls += 1;
    });
    await sel.login.submit(page).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    expect(calls).toBe(0);
  });

  test('a wrong password is refused with the coded message', async ({ page }) => {
    await signIn(page, 'demo', 'Wrong@12345');
    await expectToast(page, /authentication failed/i);
    await expect(page).toHaveURL(/\/login\/tenant$/);
  });

  test('signs in with the captcha, keeps the session on reload, and logs out', async ({ page }) => {
    await signInToShell(page, 'demo');
    await expect(sel.shell.welcome(page)).toContainText('Demo Admin');
    await expect(sel.shell.title(page)).toContainText('FarmSense');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('farmsense.app') ?? '{}').state?.token);
    expect(token).toBeTruthy();

    await page.reload();
    await expect(sel.shell.welcome(page)).toContainText('Demo Admin');

    await logOut(page);
    await expectToast(page, 'Logged out');
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('farmsense.app') ?? '{}').state);
    expect(state?.token ?? null).toBeNull();
    expect(state?.locale).toBe('en-us');
    // The old token no longer opens anything on the server.
    const res = await page.request.get('/api/breedpigaccount/login/getUserInfo', { headers: { token } });
    expect((await res.json()).code).toBe(10002);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/tenant$/);
  });

  test('the safe-code dialog opens by itself when the account has none, without the old-code field', async ({ page }) => {
    await signInToShell(page, 'chicken', { keepSafeCodePrompt: true });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Set a safe code')).toBeVisible();
    await expect(dialog.getByLabel('Current safe code')).toHaveCount(0);
    await expect(dialog.getByLabel('New safe code', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Set later' }).click();
    await expect(dialog).toBeHidden();
  });
});
