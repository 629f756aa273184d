import { expect, test } from '@playwright/test';
import { api, prepare, signInToShell } from '../helpers';
import { siloSel } from '../selectors';

/**
 * Silos (issue 15) against the real server (DEMO=1): the demo silos' 30 days of load-cell
 * readings were weighed at start (db/seed-silos.ts), so the status page shows each silo's
 * empty-by forecast. The forecast on the card is the one the API computes from the recorded
 * daily consumption, written as the page writes it.
 */
interface Status {
  name: string;
  weightKg: number | null;
  forecast: { soonestDays: number; latestDays: number; reorder: boolean } | null;
}

/** The forecast as the English page writes it (silos.json forecast.*). */
function forecastText(f: Status['forecast']): string {
  if (!f) return 'Not enough history for a forecast';
  if (f.latestDays === 0) return 'Empty within a day';
  if (f.soonestDays === f.latestDays) return `Empty in about ${f.soonestDays} ${f.soonestDays === 1 ? 'day' : 'days'}`;
  return `Empty in ${f.soonestDays}-${f.latestDays} days`;
}

test("a silo's empty-by forecast on the status page", async ({ page }) => {
  test.setTimeout(120_000);
  await prepare(page);
  await signInToShell(page, 'demo');
  const farms = await api<{ id: number; farmName: string }[]>(page, 'GET', '/breedpigbuilding/farmInfo/list');
  const pig = farms.find((f) => f.farmName === 'Demo Pig Farm')!;
  const silos = await api<Status[]>(page, 'GET', `/breedpigbuilding/breedWeightFodder/silo/status?farmId=${pig.id}`);
  const silo = silos.find((s) => s.name === 'Silo A');
  expect(silo?.forecast, 'the demo silo has a forecast from its history').toBeTruthy();

  await page.goto('/weight/status');
  const card = siloSel.card(page, 'Silo A');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(siloSel.forecast(card)).toContainText(forecastText(silo!.forecast));
  if (silo!.forecast!.reorder) await expect(siloSel.reorder(card)).toHaveText('Reorder now');
  else await expect(siloSel.reorder(card)).toHaveCount(0);
  await expect(siloSel.weight(card)).toContainText(`${Math.round(silo!.weightKg!).toLocaleString('en-US')} kg`);
});
