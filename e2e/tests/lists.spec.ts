import { expect, test, type Page } from '@playwright/test';
import { prepare, signInToShell } from '../helpers';

/**
 * Lists as farm staff use them (issue 17): on a 1440 px laptop the identifying column and the
 * actions stay in view while the rest scrolls between them, columns can be hidden (and stay
 * hidden on the next visit); on a 390 px phone a list is a column of cards, not a table.
 */
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr.ant-table-row');
const SLOW = { timeout: 30_000 };

test.describe('lists on a laptop and on a phone', () => {
  test.slow();
  test('flocks: at 1440 px Group No. and Actions stay in view, a hidden column stays hidden; at 390 px the flocks are cards', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await prepare(page);
    await signInToShell(page, 'chicken');

    await page.goto('/prod-data-input/flock');
    await expect(rows(page).first()).toBeVisible(SLOW);
    await expect(header(page, 'Group No.')).toBeInViewport();
    await expect(header(page, 'Actions')).toBeInViewport();

    // Hide "Breed": it leaves the table, and is still hidden after a reload.
    await expect(header(page, 'Breed')).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('group', { name: 'Columns' }).getByText('Breed', { exact: true }).click();
    await expect(header(page, 'Breed')).toHaveCount(0);
    await page.reload();
    await expect(rows(page).first()).toBeVisible(SLOW);
    await expect(header(page, 'Breed')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Columns' })).toContainText('1 hidden');

    // A phone: cards with the flock's lines and its actions, no table.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('row-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards.first()).toContainText('Hatch date');
    await expect(cards.first().getByRole('button').first()).toBeVisible();
    expect((await cards.first().boundingBox())!.width).toBeLessThanOrEqual(390);
  });

  test('houses: at 1440 px House name and Actions stay in view; at 390 px the houses are cards', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await prepare(page);
    await signInToShell(page, 'demo');

    await page.goto('/housemanagement/shedlist');
    await expect(rows(page).first()).toBeVisible(SLOW);
    await expect(header(page, 'House name')).toBeInViewport();
    await expect(header(page, 'Actions')).toBeInViewport();

    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('row-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards.first()).toContainText('Position');
    await expect(cards.first().getByRole('button').first()).toBeVisible();
  });
});
