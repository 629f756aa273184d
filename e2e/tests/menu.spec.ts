import { expect, test } from '@playwright/test';
import { prepare, signInToShell } from '../helpers';
import { sel } from '../selectors';

test.describe('menu by permission', () => {
  test.beforeEach(async ({ page }) => prepare(page));

  test('a pig-only account sees pig pages and no poultry ones, and no mode switch', async ({ page }) => {
    await signInToShell(page, 'pig');
    const menu = sel.shell.menu(page);
    await expect(menu.getByRole('menuitem', { name: 'Barn overview' })).toBeVisible();
    await expect(menu.getByText('Poultry', { exact: true })).toHaveCount(0);
    await expect(sel.shell.farmMode(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/pig\/overview\/shed$/);
    // Other browser tests may add sheds: check the demo ones by name, not a count.
    for (const name of ['Farrowing 1', 'Nursery 1', 'Fattening 1']) {
      await expect(sel.overview.cards(page).filter({ hasText: name })).toHaveCount(1);
    }
    await expect(sel.overview.cards(page).filter({ hasText: 'Broiler House 1' })).toHaveCount(0);
  });

  test('a poultry-only account sees poultry pages and no pig ones', async ({ page }) => {
    await signInToShell(page, 'chicken');
    await expect(page).toHaveURL(/\/ci18\/overview\/shed$/);
    const menu = sel.shell.menu(page);
    await expect(menu.getByText('Barn overview')).toHaveCount(0);
    await expect(sel.shell.farmMode(page)).toHaveCount(0);
    for (const name of ['Broiler House 1', 'Broiler House 2', 'Layer House 1']) {
      await expect(sel.overview.cards(page).filter({ hasText: name })).toHaveCount(1);
    }
    await expect(sel.overview.cards(page).filter({ hasText: 'Farrowing 1' })).toHaveCount(0);
    await expect(page.getByTestId('shed-label').first()).toContainText('Broiler');
  });

  test('an account holding both switches between pig and poultry mode', async ({ page }) => {
    await signInToShell(page, 'demo');
    const mode = sel.shell.farmMode(page);
    await expect(mode).toBeVisible();
    await mode.getByText('Pig', { exact: true }).click();
    await expect(sel.shell.menu(page).getByRole('menuitem', { name: 'Barn overview' })).toBeVisible();

    await mode.getByText('Poultry', { exact: true }).click();
    await expect(sel.shell.menu(page).getByText('Barn overview')).toHaveCount(0);
    await expect(sel.shell.menu(page).getByText('Poultry', { exact: true })).toBeVisible();
    // The choice survives a reload.
    await page.reload();
    await expect(sel.shell.menu(page).getByText('Barn overview')).toHaveCount(0);
  });

  test('a poultry link opened in pig mode switches the mode and shows the poultry page', async ({ page }) => {
    await signInToShell(page, 'demo');
    await sel.shell.farmMode(page).getByText('Pig', { exact: true }).click();
    await expect(sel.shell.menu(page).getByRole('menuitem', { name: 'Barn overview' })).toBeVisible();

    await page.goto('/ci18/overview/shed');
    await expect(page).toHaveURL(/\/ci18\/overview\/shed$/);
    await expect(sel.overview.cards(page).filter({ hasText: 'Broiler House 1' })).toHaveCount(1);
    await expect(sel.shell.menu(page).getByText('Barn overview')).toHaveCount(0);
  });

  test('clicking a menu entry logs the visit and navigates', async ({ page }) => {
    await signInToShell(page, 'pig');
    const logged = page.waitForRequest((r) => r.url().endsWith('/api/breedpigbuilding/breedUserActLog/saveActLog'));
    await sel.shell.menu(page).getByRole('menuitem', { name: 'Barn overview' }).click();
    const req = await logged;
    expect(req.postDataJSON()).toEqual({ modeCode: 'pig.overview.shed' });
  });

  test('unknown paths show the 404 page, inside and outside the shell', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('Page not found')).toBeVisible();
    await signInToShell(page, 'pig');
    await page.goto('/pig/not-a-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});
