import { expect, test, type Page } from '@playwright/test';
import { FeedConcentratorModel, SimulatorRunner, type FeederAddress } from '@farmsense/simulator';
import { MQTT_PORT } from '../playwright.config';
import { api, chooseOption, prepare, signInToShell } from '../helpers';
import { feedingSel } from '../selectors';

/**
 * Precision feeding of issue 15 against the real server (DEMO=1, no simulator): the demo
 * administrator adds a feed on the feed info page, a plan for the sow house Farrowing 1 with
 * three age stages and four meals, and dispatches it. The house's feeder main unit fs-demofeed1
 * is offline, so every feeder's copy waits (pending); then the simulator package's concentrator
 * for it (with the 24 feeders the platform lists under it) comes online, receives each feeder's
 * ration and acknowledges it: the plan turns Dispatched with every feeder confirmed, and the
 * feeders' reports of the new ration fill the feeding records.
 */
const HOUSE = 'Farrowing 1';
const DEVICE = 'fs-demofeed1';
const SLOW = { timeout: 60_000 };
/** The plan's daily rations (g): every one above the demo plan's, so today's records show the new plan. */
const RATIONS = [6500, 7000, 7500];
/**
 * What the feeders of the house get of them: the house's demo meal adjustment feeds 5 % more, its
 * first pen's 0.5 kg less (db/seed-meal-adjusts.ts).
 */
const FED = RATIONS.flatMap((g) => [g, Math.round(g * 1.05), g - 500]);
/** The demo plan's largest ration with the house's 5 % more: today's planned grams above it come from the new plan. */
const OLD_MAX = 5250;
const MEALS = [
  ['06:00', '07:00', '30'],
  ['11:00', '12:00', '20'],
  ['16:00', '17:00', '30'],
  ['20:00', '21:00', '20'],
];

interface Device {
  id: number;
  deviceNo: string;
  parentId: number | null;
}
interface Page_<T> {
  list: T[];
  total: number;
}

/** The feeders the platform lists under the house's collectors, as bus addresses for the simulator. */
async function feederAddresses(page: Page, farmId: number, shedId: number): Promise<FeederAddress[]> {
  const q = `farmId=${farmId}&shedId=${shedId}&pageNo=1&pageSize=100`;
  const collectors = await api<Page_<Device>>(page, 'GET', `/feeding/collector/page?${q}`);
  const feeders = await api<Page_<Device>>(page, 'GET', `/feeding/feeder/page?${q}`);
  const no = new Map(collectors.list.map((c) => [c.id, c.deviceNo]));
  return feeders.list.map((f) => ({ collector: no.get(f.parentId!)!, feeder: f.deviceNo }));
}

test('a plan of three stages and four meals dispatched to the feeders: confirmed by the simulated feeders, records filled', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tag = String(Date.now() % 100000);
  const feedName = `E2E gestation ${tag}`;
  const batch = `E2E-${tag}`;
  const planName = `E2E plan ${tag}`;
  await prepare(page);
  await signInToShell(page, 'demo');
  const farms = await api<{ id: number; farmName: string }[]>(page, 'GET', '/breedpigbuilding/farmInfo/list');
  const farm = farms.find((f) => f.farmName === 'Demo Pig Farm')!;

  // Feed info: a new feed of the demo's sow feed type.
  await page.goto('/accurate-feeding/info/info');
  await feedingSel.addFeed(page).click();
  const feedDialog = page.getByRole('dialog');
  await chooseOption(page, feedDialog.locator('#feedInfo_typeId'), 'Sow feed');
  await chooseOption(page, feedDialog.locator('#feedInfo_animalType'), 'Pig farm');
  await feedDialog.locator('#feedInfo_name').fill(feedName);
  await feedDialog.locator('#feedInfo_batch').fill(batch);
  await feedDialog.locator('#feedInfo_weight').fill('40');
  await feedDialog.getByRole('button', { name: 'Save' }).click();
  await expect(feedDialog).toBeHidden(SLOW);
  await expect(page.getByRole('row').filter({ hasText: feedName })).toBeVisible(SLOW);

  // The plan: 30 days in three stages of that feed, four meals, the whole house, immediate.
  await page.goto('/accurate-feeding/plan');
  await feedingSel.addPlan(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#feedingPlan_name').fill(planName);
  await chooseOption(page, dialog.locator('#feedingPlan_shedId'), HOUSE);
  await dialog.locator('#feedingPlan_totalDays').fill('30');
  await dialog.locator('#feedingPlan_splitText').fill('1, 10, 11, 20, 21, 30');
  await dialog.getByTestId('generate-stages').click();
  await expect(dialog.getByTestId('plan-stage')).toHaveCount(3, SLOW);
  for (const [i, grams] of RATIONS.entries()) {
    await chooseOption(page, dialog.locator(`#feedingPlan_stages_${i}_feedId`), `${feedName} · ${batch}`);
    await dialog.locator(`#feedingPlan_stages_${i}_dailyAmount`).fill(String(grams));
  }
  for (let i = 1; i < MEALS.length; i++) await dialog.getByRole('button', { name: 'Add meal' }).click();
  await expect(dialog.getByTestId('plan-meal')).toHaveCount(MEALS.length);
  for (const [i, [start, end, share]] of MEALS.entries()) {
    await dialog.locator(`#feedingPlan_meals_${i}_start`).fill(start!);
    await dialog.locator(`#feedingPlan_meals_${i}_end`).fill(end!);
    await dialog.locator(`#feedingPlan_meals_${i}_share`).fill(share!);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden(SLOW);
  const row = feedingSel.planRow(page, planName);
  await expect(row).toContainText('Not dispatched', SLOW);

  // Dispatch: the feeder main unit is offline, so every feeder's copy waits.
  await feedingSel.dispatch(page, planName).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Dispatch plan ${planName} to the feeders?` });
  await confirm.getByRole('button', { name: 'Dispatch' }).click();
  await expect(confirm).toBeHidden(SLOW);
  const plans = await api<Page_<{ id: number; name: string; shedId: number; dispatch: { feeders: number } }>>(
    page,
    'GET',
    `/feeding/plan/page?farmId=${farm.id}&pageNo=1&pageSize=100`,
  );
  const plan = plans.list.find((p) => p.name === planName)!;
  const feeders = plan.dispatch.feeders;
  expect(feeders, 'the house has feeders').toBeGreaterThan(0);
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Dispatching', { timeout: 10_000 });
    await expect(row).toContainText(`Confirmed 0 · pending ${feeders} · failed 0`, { timeout: 5_000 });
  }).toPass(SLOW);

  // The concentrator comes online with the feeders the platform lists under it: each takes its ration and acknowledges it.
  const addresses = await feederAddresses(page, farm.id, plan.shedId);
  expect(addresses).toHaveLength(feeders);
  const model = new FeedConcentratorModel({ code: DEVICE, seed: 15, utcOffsetMinutes: 480, feeders: addresses });
  const runner = new SimulatorRunner({
    connection: { url: `mqtt://127.0.0.1:${MQTT_PORT}` },
    gateways: [{ model, password: 'demo' }],
    intervalS: 2,
  });
  try {
    await runner.start();
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Dispatched', { timeout: 10_000 });
      await expect(row).toContainText(`Confirmed ${feeders} · pending 0 · failed 0`, { timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
    expect(runner.stats.commands).toBeGreaterThanOrEqual(feeders);

    // The records: today's row of each feeder shows the new plan's ration (its stage's grams, adjusted).
    const planned = new RegExp(FED.map((g) => g.toLocaleString('en-US')).join('|'));
    await page.goto('/accurate-feeding/records/feeding');
    await expect(async () => {
      await page.reload();
      const first = feedingSel.recordRows(page).first();
      await expect(first).toContainText(HOUSE, { timeout: 10_000 });
      await expect(first).toContainText(planned, { timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
    // Every feeder of the house reports it (each concentrator message carries all its feeders, so they follow within seconds).
    const todayUrl = `/feeding/records/feeding?farmId=${farm.id}&startTime=${Date.now()}&endTime=${Date.now()}&pageNo=1&pageSize=100`;
    await expect
      .poll(
        async () => {
          const today = await api<Page_<{ planned: number; shedName: string }>>(page, 'GET', todayUrl);
          const house = today.list.filter((r) => r.shedName === HOUSE);
          return { feeders: house.length, onNewPlan: house.filter((r) => r.planned > OLD_MAX).length };
        },
        { timeout: 60_000 },
      )
      .toEqual({ feeders, onNewPlan: feeders });
  } finally {
    await runner.stop();
  }
});
