import { constants, publicEncrypt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { meanOf } from '@farmsense/shared';
import { ShedModel, SimulatorRunner, Weather } from '@farmsense/simulator';
import { MQTT_PORT } from '../playwright.config';
import { api, chooseOption, logOut, prepare, signIn, signInToShell } from '../helpers';
import { controlSel, sel } from '../selectors';

/**
 * Remote control of issue 14 against the real server (DEMO=1, no simulator): an account with
 * remote control sets its security code, changes the day-age curve of Farrowing 1 with it, sees
 * the version pending ("applies when back online": its controller fs-demo01 is offline), then the
 * controller (the simulator package's model of the house) comes online, gets the command and
 * acknowledges it, the screen turns to synced and the house's temperature on the climate overview
 * falls to the new curve; the option log shows the change. A fresh account is used because setting a safe code on a demo
 * account would end the "Set a safe code" prompt the other specs expect.
 */
const SHED = 'Farrowing 1';
const DEVICE = 'fs-demo01';
const INITIAL = 'Start2026x';
const PASSWORD = 'Fresh2026y';
const SAFE = '482915';
const SLOW = { timeout: 30_000 };

interface App {
  applicationInfoId: number;
  code: string;
  children: App[];
}
const find = (apps: App[], code: string): App | undefined => {
  for (const a of apps) {
    if (a.code === code) return a;
    const inner = find(a.children, code);
    if (inner) return inner;
  }
  return undefined;
};

/** As the demo administrator: a role holding remote control and an account with it on the pig farm. */
async function controlAccount(page: Page, code: string): Promise<void> {
  const apps = await api<App[]>(page, 'GET', '/accountauth/applicationInfo/list');
  const group = find(apps, 'remote-control');
  expect(group, 'remote-control application').toBeTruthy();
  const role = await api<{ id: number }>(page, 'POST', '/accountauth/roleInfo', { roleName: `E2E remote control ${code}` });
  await api(page, 'POST', '/accountauth/operateAuth/bind', {
    roleId: role.id,
    applications: [{ applicationInfoId: group!.applicationInfoId, ops: ['view', 'add', 'edit', 'delete', 'control'] }],
  });
  const farms = await api<{ id: number; farmName: string }[]>(page, 'GET', '/breedpigbuilding/farmInfo/list');
  const pigFarm = farms.find((f) => f.farmName === 'Demo Pig Farm')!;
  const { publicKey } = await api<{ publicKey: string }>(page, 'GET', '/getConfig');
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(INITIAL),
  ).toString('base64');
  await api(page, 'POST', '/breedpigaccount/account/add', {
    accountCode: code,
    accountName: 'E2E Controller',
    phoneNo: '13900000077',
    password,
    roleIds: [role.id],
    farmIds: [pigFarm.id],
  });
}

test('changes a day-age curve with the security code: pending while offline, synced once the controller answers, in the option log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const code = `e2e-ctl-${Date.now() % 100000}`;
  await prepare(page);
  await signInToShell(page, 'demo');
  await controlAccount(page, code);
  await logOut(page);

  // First sign-in: the new password, then the safe code the console asks for.
  await signIn(page, code, INITIAL);
  await expect(page).toHaveURL(/\/login\/change-password$/);
  await sel.forced.current(page).fill(INITIAL);
  await sel.forced.next(page).fill(PASSWORD);
  await sel.forced.confirm(page).fill(PASSWORD);
  await sel.forced.submit(page).click();
  const safeDialog = page.getByRole('dialog');
  await expect(safeDialog.getByText('Set a safe code')).toBeVisible(SLOW);
  await safeDialog.getByLabel('New safe code', { exact: true }).fill(SAFE);
  await safeDialog.getByLabel('Confirm new safe code').fill(SAFE);
  await safeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(safeDialog).toBeHidden(SLOW);

  await page.goto('/remote-control/env-control/temp-dayage');
  await chooseOption(page, controlSel.shed(page), SHED);
  // The demo curve (version 1, acknowledged) is in the editor; lower the second point by 2 °C.
  await expect(controlSel.status(page)).toContainText('Desired version 1, acknowledged version 1', SLOW);
  const target = controlSel.target(page, 2);
  await expect(target).not.toHaveValue('', SLOW);
  // 3 °C: the most a point may leave the breed's comfort curve without a confirmation.
  const lowered = String(Number(await target.inputValue()) - 3);
  await target.fill(lowered);
  await controlSel.apply(page).click();
  await controlSel.code(page).fill(SAFE);
  await controlSel.confirm(page).click();
  // Offline (or still recorded online from the seed, before the heartbeat sweep): it waits either way.
  await expect(controlSel.results(page)).toContainText(new RegExp(`${SHED}: (Applies when back online|Pending)`), SLOW);
  await expect(controlSel.status(page)).toContainText('Desired version 2, acknowledged version 1', SLOW);

  // The controller comes online (the simulator's model of a farrowing room on day 9, 12 °C
  // outside, two hours of barn physics a minute): the pending curve is sent to it, it acknowledges,
  // and the house, heated to the old curve, cools to the new one.
  const now = Date.now();
  const model = new ShedModel({
    code: DEVICE,
    kind: 'farrowing',
    seed: 3,
    placedAt: now - 9 * 86_400_000,
    weather: new Weather({ seed: 1, fixed: { temp: 12, rh: 70 } }),
    faults: false,
  });
  model.warmUp(now, 2, 120);
  const before = meanOf(model.step(0, now).values, 'temp')!;
  const runner = new SimulatorRunner({
    connection: { url: `mqtt://127.0.0.1:${MQTT_PORT}` },
    gateways: [{ model, password: 'demo' }],
    intervalS: 1,
    timeScale: 120,
  });
  try {
    await runner.start();
    await expect(controlSel.status(page)).toContainText('Synced', SLOW);
    await expect(controlSel.status(page)).toContainText('Desired version 2, acknowledged version 2');
    expect(runner.stats.commands).toBeGreaterThanOrEqual(1);

    // The climate overview shows the house's temperature following the lowered curve.
    await page.goto('/remote-control/env-control/shed');
    const row = page.getByRole('row').filter({ hasText: SHED }).first();
    await expect
      .poll(
        async () => {
          await page.reload();
          const text = (await row.textContent({ timeout: 10_000 })) ?? '';
          const first = /(\d+\.\d)\u2009°C/.exec(text);
          return first ? Number(first[1]) : Number.NaN;
        },
        { timeout: 90_000, intervals: [3_000] },
      )
      .toBeLessThanOrEqual(before - 1);
  } finally {
    await runner.stop();
  }

  await page.goto('/remote-control/option-logs');
  const row = controlSel.logRow(page, 'E2E Controller');
  await expect(row).toContainText('Day-age temperature curve v2', SLOW);
  await expect(row).toContainText('My security code');
  await expect(row).toContainText('Synced');
  await expect(row).toContainText(`${lowered}°C`);
});
