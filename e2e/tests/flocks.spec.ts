import { expect, test, type Page } from '@playwright/test';
import { expectToast, prepare, signInToShell } from '../helpers';
import { sel } from '../selectors';

/** An option of the open antd select, by its label. */
const option = (page: Page, label: string) => page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });
const WEIGHT = 'Ross 308 broiler body weight (g)';

test.describe('flocks and standard curves', () => {
  test('the poultry keeper sees the current flocks as cards and a closed flock in history', async ({ page }) => {
    await prepare(page);
    await signInToShell(page, 'chicken');
    await page.goto('/ci18/group/current');
    await expect(page.getByRole('heading', { name: 'Current flocks', level: 3 })).toBeVisible();
    await expect(sel.flocks.cards(page).first()).toBeVisible();
    expect(await sel.flocks.cards(page).count()).toBeGreaterThan(0);
    for (const text of await sel.flocks.dayAge(page).allTextContents()) expect(text).toMatch(/^Day \d+$/);

    // A card opens the flock with its totals and its weight against the standard.
    await sel.flocks.cards(page).first().click();
    await expect(sel.flocks.figures(page)).toBeVisible();
    await expect(sel.flocks.weightChart(page)).toBeVisible();
    await page.locator('.ant-drawer').getByRole('button', { name: 'Close' }).click();

    await sel.flocks.view(page, 'History').click();
    const rows = sel.flocks.historyRows(page);
    await expect(rows.first()).toBeVisible();
    const first = rows.first();
    // Placement and depletion dates, final day age and birds: a closed flock.
    await expect(first).toContainText(/\d{4}-\d{2}-\d{2}.*\d{4}-\d{2}-\d{2}/);
    await first.getByRole('button', { name: /^Details of flock / }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('Closed', { exact: true })).toBeVisible();
    await expect(sel.flocks.figures(page)).toBeVisible();
  });

  test('a built-in standard is copied with its source, and a second curve for the same type and indicator is refused (20064)', async ({
    page,
  }) => {
    await prepare(page);
    await signInToShell(page, 'chicken');
    await page.goto('/ci18/std/curves');
    await expect(page.getByRole('heading', { name: 'Standard curves', level: 3 })).toBeVisible();
    // The demo farm's broiler curves are copies of the built-ins and name their source.
    await expect(sel.flocks.curves.source(page, WEIGHT).first()).toContainText('Aviagen, Ross 308');

    // Copy the broiler weight standard for mixed flocks, which have no curve yet.
    await sel.flocks.curves.copyOpen(page).click();
    const dialog = page.getByRole('dialog');
    await expect(sel.flocks.curves.builtin(page, WEIGHT)).toBeVisible();
    await expect(sel.flocks.curves.builtin(page, WEIGHT).getByTestId('builtin-source')).toContainText('Source: Aviagen, Ross 308');
    await sel.flocks.curves.asType(page).click();
    await option(page, 'Mixed').click();
    await sel.flocks.curves.copy(page, WEIGHT).click();
    await expectToast(page, `${WEIGHT} copied to the farm`);
    await expect(dialog).toBeHidden();

    await sel.flocks.curves.typeFilter(page).click();
    await option(page, 'Mixed').click();
    await page.getByRole('button', { name: 'Search' }).click();
    const row = sel.flocks.curves.row(page, WEIGHT);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Mixed');
    await expect(row).toContainText('Average weight (g)');
    await expect(sel.flocks.curves.source(page, WEIGHT)).toContainText('Aviagen, Ross 308');

    // Copying it again for the same type is the same duplicate.
    await sel.flocks.curves.copyOpen(page).click();
    await sel.flocks.curves.asType(page).click();
    await option(page, 'Mixed').click();
    await sel.flocks.curves.copy(page, WEIGHT).click();
    await expect(page.getByTestId('copy-error')).toContainText('A standard curve for the same farm, type and target already exists');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // A hand-made curve for the same farm, type and indicator: 20064 under the indicator.
    await sel.flocks.curves.add(page).click();
    await sel.flocks.curves.field(page, 'Flock type').click();
    await option(page, 'Mixed').click();
    await sel.flocks.curves.field(page, 'Indicator').click();
    await option(page, 'Average weight (g)').click();
    await sel.flocks.curves.field(page, 'Curve name').fill('Mixed flock weight');
    await sel.flocks.curves.field(page, 'Values').fill('42, 58, 75, abc');
    await expect(page.locator('.ant-drawer')).toContainText('Enter numbers separated by commas');
    await sel.flocks.curves.field(page, 'Values').fill('42, 58, 75, 95');
    await expect(sel.flocks.curves.count(page)).toHaveText('4 values, day ages 0–3');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Save' }).click();
    const indicatorItem = page.locator('.ant-drawer .ant-form-item').filter({ hasText: 'Indicator' });
    await expect(indicatorItem).toContainText('A standard curve for the same farm, type and target already exists');
  });
});
