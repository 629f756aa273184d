import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, prepare, signInToShell } from '../helpers';
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

/** 'YYYY-MM-DD' plus n days. */
const plusDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('a thinned broiler flock keeps its FCR near the breed standard after the thinning day', async () => {
  // The demo's closed broiler batches were thinned by 30 % at day 35 and depleted later (seed-production.ts).
  const farms = await api<{ id: number; farmName: string }[]>(page, 'GET', '/breedpigbuilding/farmInfo/list');
  const farmId = farms.find((f) => f.farmName === 'Demo Poultry Farm')!.id;
  const history = await api<{ list: { groupNo: string; flockType: number; birthDate: string; stopDate: string | null }[] }>(
    page,
    'POST',
    '/breedpigbuilding/flock/page',
    { farmId, status: 2, pageNo: 1, pageSize: 100 },
  );
  const flock = history.list.find((f) => f.flockType === 2 && f.stopDate !== null && f.stopDate >= plusDays(f.birthDate, 40))!;
  expect(flock, 'a closed broiler batch that went past day 40').toBeTruthy();
  const start = plusDays(flock.birthDate, 30);
  const end = flock.stopDate!;

  await page.goto('/ci18/grow/daily-mf-ratio-trend');
  await expect(poultrySel.rows(page).first()).toBeVisible();
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/flockReport/summary') && (r.request().postDataJSON() as { start?: string }).start === start,
  );
  const range = page.locator('section[data-report] .ant-picker-range input');
  await range.first().click();
  await range.first().fill(start);
  await range.first().press('Enter');
  await range.nth(1).fill(end);
  await range.nth(1).press('Enter');
  expect((await answered).request().postDataJSON()).toMatchObject({ start, end, period: 'day', groupBy: 'flock' });

  // Read the FCR column of the batch's rows: day age, FCR and the standard under it.
  const headers = await page.locator('section[data-report] .ant-table-thead th').allInnerTexts();
  const fcrCol = headers.findIndex((h) => h.trim() === 'FCR');
  const ageCol = headers.findIndex((h) => h.trim() === 'Day age');
  expect(fcrCol).toBeGreaterThan(0);
  const rows = poultrySel.rows(page).filter({ hasText: flock.groupNo });
  await expect(rows.first()).toBeVisible();
  const points: { age: number; fcr: number; std: number }[] = [];
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    const age = Number(await cells.nth(ageCol).innerText());
    const cell = cells.nth(fcrCol);
    const value = Number((await cell.locator('.fs-num').first().innerText()).replace(/[^0-9.]/g, ''));
    const std = (await cell.locator('.fs-cell-sub').allInnerTexts())[0];
    if (!value || !std) continue;
    points.push({ age, fcr: value, std: Number(std.replace(/[^0-9.]/g, '')) });
  }
  // Points after the thinning day exist, and none collapses (a 30 % thinning once turned 1.46 into 2.13).
  const after = points.filter((p) => p.age > 35);
  expect(after.length, JSON.stringify(points)).toBeGreaterThan(0);
  for (const p of after) expect(Math.abs(p.fcr / p.std - 1), JSON.stringify(p)).toBeLessThan(0.1);
});
