import { expect, test, type Page } from '@playwright/test';
import { expectToast, logOut, prepare, signIn, signInToShell } from '../helpers';
import { sel } from '../selectors';

/**
 * The platform back office onboards a tenant and caps it; the tenant's administrator then signs
 * in for the first time. And a tenant administrator reads the operation log. Sign-ins are few on
 * purpose: all browser tests share one per-IP sign-in budget (30 a minute).
 */
const INITIAL_PASSWORD = 'Start2026x';
const NEW_PASSWORD = 'Fresh2026y';

/** The safe-code prompt of a first sign-in, put off when it shows (these tests are not about it). */
async function putOffSafeCode(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Set a safe code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Set later' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('platform tenants', () => {
  test.beforeEach(async ({ page }) => prepare(page));

  test('the platform operator onboards and caps a tenant, whose administrator then signs in', async ({ page }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const name = `E2E Farms ${suffix}`;
    const admin = `e2eadm${suffix}`;

    await signInToShell(page, 'platform');
    await expect(page).toHaveURL(/\/platform\/tenants$/);
    await expect(sel.tenants.heading(page)).toBeVisible();
    await expect(sel.tenants.row(page, 'Demo Agri Group')).toBeVisible();

    // Add: the form checks its rules before anything is sent.
    await sel.tenants.add(page).click();
    await sel.tenants.form.save(page).click();
    await expect(page.getByRole('dialog').getByText('Select or fill in at least one item')).toBeVisible();
    await sel.tenants.form.name(page).fill(name);
    await sel.tenants.form.contact(page).fill('E2E Contact');
    await sel.tenants.form.phone(page).fill('+86 139 0000 0000');
    await sel.tenants.form.module(page, 'Pig farm').check();
    await sel.tenants.form.adminCode(page).fill(admin);
    await sel.tenants.form.adminName(page).fill(`Admin ${suffix}`);
    await sel.tenants.form.password(page).fill('weak');
    await sel.tenants.form.confirm(page).fill('weak');
    await sel.tenants.form.save(page).click();
    await expect(page.getByRole('dialog').getByText('At least 8 characters, with both letters and digits', { exact: true })).toBeVisible();
    await sel.tenants.form.password(page).fill(INITIAL_PASSWORD);
    await sel.tenants.form.confirm(page).fill(INITIAL_PASSWORD);
    await sel.tenants.form.save(page).click();
    await expectToast(page, `Tenant “${name}” added`);
    await expect(page.getByRole('dialog')).toBeHidden();

    await sel.tenants.keyword(page).fill(suffix);
    await sel.tenants.search(page).click();
    const row = sel.tenants.row(page, name);
    await expect(row).toBeVisible();
    await expect(row).toContainText(admin);
    await expect(row).toContainText('Permanent');
    await expect(sel.tenants.users(page, name)).toHaveText('1 / ∞');
    await expect(sel.tenants.status(page, name)).toHaveText('Enabled');

    // System authorization: at most 2 users.
    await sel.tenants.authorize(page, name).click();
    await page.getByRole('menuitem', { name: 'System authorization' }).click();
    await expect(page.getByRole('dialog', { name: `System authorization · ${name}` })).toBeVisible();
    await sel.tenants.systemAuth.userLimit(page).fill('2');
    await sel.tenants.systemAuth.save(page).click();
    await expectToast(page, 'Saved successfully');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(sel.tenants.users(page, name)).toHaveText('1 / 2');

    // The new administrator: forced to change the initial password, then in the shell.
    await logOut(page);
    await signIn(page, admin, INITIAL_PASSWORD);
    await expect(page).toHaveURL(/\/login\/change-password$/);
    await expect(sel.forced.heading(page)).toBeVisible();
    await sel.forced.current(page).fill(INITIAL_PASSWORD);
    await sel.forced.next(page).fill(NEW_PASSWORD);
    await sel.forced.confirm(page).fill(NEW_PASSWORD);
    await sel.forced.submit(page).click();
    await expect(sel.shell.menu(page)).toBeVisible();
    await putOffSafeCode(page);
    await expect(sel.shell.welcome(page)).toContainText(`Admin ${suffix}`);
  });
});

test.describe('operation log', () => {
  test.beforeEach(async ({ page }) => prepare(page));

  test('the demo administrator finds its own sign-in and filters by outcome', async ({ page }) => {
    await signInToShell(page, 'demo');
    // The page is registered: its menu group and entry show for a tenant administrator.
    await sel.shell.menu(page).getByText('Operation log', { exact: true }).click();
    await sel.shell.menu(page).getByRole('menuitem', { name: 'Operation records' }).click();
    await expect(page).toHaveURL(/\/safe-oplog\/records$/);
    await expect(sel.oplog.heading(page)).toBeVisible();

    const ownSignIn = sel.oplog
      .rows(page)
      .filter({ hasText: 'Sign in' })
      .filter({ hasText: 'Demo Admin' })
      .filter({ hasText: 'Succeeded' });
    await expect(ownSignIn.first()).toBeVisible();
    await expect(ownSignIn.first()).toContainText('Success');

    await sel.oplog.outcome(page).click();
    await sel.oplog.option(page, 'Denied').click();
    await expect(ownSignIn).toHaveCount(0);
    for (const tag of await sel.oplog.outcomeTag(page).all()) await expect(tag).toHaveText('Denied');

    await sel.oplog.outcome(page).click();
    await sel.oplog.option(page, 'Succeeded').click();
    await expect(ownSignIn.first()).toBeVisible();
    await expect(sel.oplog.outcomeTag(page).filter({ hasNotText: 'Succeeded' })).toHaveCount(0);

    // The detail of the entry opens as formatted JSON; nothing offers to change or delete it.
    await ownSignIn
      .first()
      .getByRole('button', { name: /expand/i })
      .click();
    await expect(page.getByTestId('oplog-detail').first()).toContainText('"via"');
    await expect(page.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
  });
});
