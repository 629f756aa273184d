import { expect, test, type Browser, type Page } from '@playwright/test';
import { connectAsync } from 'mqtt';
import { MQTT_PORT } from '../playwright.config';
import { prepare, signInToShell } from '../helpers';
import { sel } from '../selectors';

/**
 * Environment screens against the real server (DEMO=1, no simulator: the 60 days of demo history
 * are there, nothing arrives unless a test sends it). One sign-in as the pig account serves all
 * three tests (the sign-in rate limit is shared by every browser test).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  await prepare(page);
  await signInToShell(page, 'pig');
});

test.afterAll(async () => {
  await page.close();
});

test('a value published over MQTT appears on the shed card without a reload', async () => {
  await page.goto('/pig/overview/shed');
  const card = sel.env.card(page, 'Farrowing 1');
  await expect(card).toBeVisible();
  // History is on the card before anything live arrives.
  await expect(sel.env.cardTemp(page, 'Farrowing 1')).toContainText('°C');
  await expect(sel.env.liveState(page)).toHaveAttribute('data-state', 'live');
  await expect(card).not.toContainText('31.7');
  const marker = await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = Math.random();
    return (window as unknown as { __marker: number }).__marker;
  });

  // fs-demo01 is the Farrowing 1 controller of the demo pig farm (CONTRACT §5).
  const client = await connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    username: 'fs-demo01',
    password: 'demo',
    clientId: `fs-demo01-e2e${Date.now()}`,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync('fs/fs-demo01/telemetry', JSON.stringify({ ts: Date.now(), seq: 1, values: { 'temp.1': 31.7 } }), { qos: 1 });
  } finally {
    await client.endAsync();
  }

  await expect(sel.env.cardSensors(page, 'Farrowing 1')).toContainText('31.7');
  await expect(sel.env.cardTemp(page, 'Farrowing 1')).toContainText('31.7');
  // Same document: nothing was reloaded.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
});

test('the temperature trend draws the last 7 days of a demo shed', async () => {
  await page.goto('/pig/env1/temp/mor');
  await expect(sel.env.trendChart(page)).toBeVisible();
  await sel.env.time(page).click();
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/environment/trend') && r.postDataJSON()?.preset === '7d');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/environment/trend') && r.request().postDataJSON()?.preset === '7d');
  await sel.env.option(page, 'Last 7 days').click();
  expect((await asked).postDataJSON()).toMatchObject({ kind: 'temp', preset: '7d', shedIds: [expect.any(Number)] });
  const answer = (await (await answered).json()) as {
    data: { startTime: number; endTime: number; sheds: { series: { points: unknown[] }[] }[] };
  };
  expect(answer.data.endTime - answer.data.startTime).toBe(7 * 24 * 3600 * 1000);
  expect(answer.data.sheds[0]!.series.length).toBeGreaterThan(0);
  expect(answer.data.sheds[0]!.series[0]!.points.length).toBeGreaterThan(100);

  await expect(sel.env.trendCards(page)).toHaveCount(1);
  await expect(sel.env.trendCards(page).first()).toContainText('Farrowing 1');
  await expect(sel.env.trendChart(page).locator('canvas').first()).toBeVisible();
  await expect(sel.env.trendStats(page)).toContainText('°C');
});

test('the records page exports the readings as an .xlsx file', async () => {
  await page.goto('/pig/env1/temp/rec');
  await expect(sel.env.recordRows(page).first()).toBeVisible();
  await expect(sel.env.recordsTable(page).getByRole('columnheader', { name: 'Temperature 1 (°C)' })).toBeVisible();
  const download = page.waitForEvent('download');
  await sel.env.exportExcel(page).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Farrowing 1-Temperature-.*\.xlsx$/);
  const path = await file.path();
  expect(path).toBeTruthy();
});
