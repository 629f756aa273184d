import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, prepare, signIn } from '../helpers';
import { sel } from '../selectors';

test('first sign-in forces a password change before anything else', async ({ page }) => {
  await prepare(page);
  await signIn(page, 'trainee');
  await expect(page).toHaveURL(/\/login\/change-password$/);
  await expect(sel.forced.heading(page)).toBeVisible();

  // Nothing else opens before the change.
  await page.goto('/pig/overview/shed');
  await expect(page).toHaveURL(/\/login\/change-password$/);

  await sel.forced.current(page).fill(DEMO_PASSWORD);
  await sel.forced.next(page).fill('Trainee2026');
  await sel.forced.confirm(page).fill('Trainee2027');
  await sel.forced.submit(page).click();
  await expect(page.getByText(/do not match/i)).toBeVisible();

  await sel.forced.confirm(page).fill('Trainee2026');
  await sel.forced.submit(page).click();
  await expect(sel.shell.menu(page)).toBeVisible();
  await expect(sel.shell.welcome(page)).toContainText('New Trainee');
});
