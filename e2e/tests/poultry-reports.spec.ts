import { expect, test, type Browser, type Page } from '@playwright/test';
import { prepare, signInToShell } from '../helpers';
import { poultrySel } from '../selectors';

/**
 * Poultry production reports against the real server and the demo seed (60 days of records for
 * the flocks of "Demo Poultry Farm"). One sign-in as the poultry keeper serves every test (the
 * sign-in rate limit is shared by all browser tests).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  await prepare(page);
  await signInToShell(page, 'chicken');
});

test.afterAll(async () => {
  // Other browser runs share the results folder and may clear it meanwhile; a trace that cannot be
  // written on close is not a failure of these screens.
  await page.close().catch(() => undefined);
});

test('daily stock lists the flocks of the last 7 days with figures and a totals row', async () => {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/breedpigbuilding/flockReport/summary'));
  await page.goto('/ci18/column/daily');
  const res = await answered;
  expect(res.request().postDataJSON()).toMatchObject({ period: 'day', groupBy: 'flock', farmId: expect.any(Number) });
  await expect(page.getByRole('heading', { name: 'Daily stock', level: 3 })).toBeVisible();
  const rows = poultrySel.rows(page);
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  // Closing stock is a whole number of birds on every row.
  await expect(rows.first()).toContainText(/\d{1,3}(,\d{3})+|\d{3,}/);
  await expect(poultrySel.totals(page)).toContainText('Total');
  await expect(poultrySel.kpis(page).first()).toContainText('Livability');
});

test('the growth trend draws each flock against its breed standard', async () => {
  await page.goto('/ci18/grow/grow-trend');
  await expect(poultrySel.trendChart(page)).toBeVisible();
  const actual = poultrySel.series(page, 'actual');
  const standard = poultrySel.series(page, 'standard');
  await expect(actual.first()).toBeVisible();
  await expect(standard.first()).toContainText('standard');
  expect(Number(await actual.first().getAttribute('data-points'))).toBeGreaterThan(5);
  expect(Number(await standard.first().getAttribute('data-points'))).toBeGreaterThan(5);

  // By week of age: the same flock, fewer points.
  const weekly = page.waitForResponse(
    (r) => r.url().endsWith('/api/breedpigbuilding/flockReport/trend') && r.request().postDataJSON()?.period === 'week',
  );
  await page.locator('.ant-segmented').getByText('Week of age', { exact: true }).click();
  await weekly;
  await expect.poll(async () => Number(await poultrySel.series(page, 'actual').first().getAttribute('data-points'))).toBeLessThan(12);
});

test('the farm monthly report has a row for the demo farm, and exports it as xlsx', async () => {
  await page.goto('/ci18/business/field-monthly');
  const row = poultrySel.rows(page).filter({ hasText: 'Demo Poultry Farm' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(/\d{4}-\d{2}/);

  const download = page.waitForEvent('download');
  await poultrySel.export(page).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Farm monthly-\d{4}-01-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(await file.failure()).toBeNull();
});
