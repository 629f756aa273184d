import { expect, test, type Page } from '@playwright/test';
import { expectToast, prepare, signInToShell } from '../helpers';

/** An option of the open antd select, by its label. */
const option = (page: Page, label: string) => page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });

/** The session token and the pig farm id the console keeps in its persisted state. */
async function session(page: Page): Promise<{ token: string; pigFarm: number }> {
  return page.evaluate(() => {
    const s = (JSON.parse(localStorage.getItem('farmsense.app') ?? '{}') as { state: { token: string; farms: { id: number; farmName: string }[] } }).state;
    return { token: s.token, pigFarm: s.farms.find((f) => f.farmName === 'Demo Pig Farm')!.id };
  });
}

test.describe('device registry', () => {
  test('demo admin adds a controller, binds it to a shed without one and configures temp.1', async ({ page }) => {
    await prepare(page);
    await signInToShell(page, 'demo');
    const rand = Math.random().toString(36).slice(2, 10);
    const code = `fs-e2e${rand}`;
    const name = `E2E controller ${rand}`;

    // A shed of the pig farm that no controller is bound to (every demo shed has one).
    const { token, pigFarm } = await session(page);
    const shedName = `E2E shed ${rand}`;
    const shed = await page.request.post('/api/breedpigbuilding/shed/add', {
      headers: { token },
      data: { farmId: pigFarm, shedName, shedType: 6, areaNum: 90, buildingNum: Math.floor(Math.random() * 9000) + 1, shedNum: 1 },
    });
    expect((await shed.json()).code).toBe(1);

    await page.goto('/device-mng/controller');
    await expect(page.getByRole('heading', { level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Add controller' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Device code').fill('fs-bad_code');
    await dialog.getByLabel('Device name').fill(name);
    await dialog.getByLabel('Connection check code').fill('e2e-secret');
    await dialog.getByLabel('Farm').click();
    await option(page, 'Demo Pig Farm').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Starts with fs- followed by 1 to 16 letters or digits')).toBeVisible();
    await dialog.getByLabel('Device code').fill(code);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Controller ${name} added`);
    await expect(dialog).toBeHidden();

    await page.getByLabel('Code or name').fill(code);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Not bound');
    await expect(row.getByTestId('device-online')).toHaveText('Offline');

    await row.getByRole('button', { name: `Bind ${name} to a shed` }).click();
    const bind = page.getByRole('dialog');
    await bind.getByLabel('Shed').click();
    await option(page, shedName).click();
    await bind.getByRole('button', { name: 'Bind' }).click();
    await expectToast(page, 'Bound to the shed');
    await expect(row).toContainText(shedName);

    await row.getByRole('button', { name: `Channels of ${name}` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('No channels configured yet')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add channel' }).click();
    // Typed into the searchable selects; Enter takes the first match.
    await drawer.getByLabel('Value key of row 1').fill('temp.1');
    await expect(option(page, 'temp.1')).toBeVisible();
    await drawer.getByLabel('Value key of row 1').press('Enter');
    await drawer.getByLabel('Sub-device type of row 1').fill('Temperature');
    await expect(option(page, 'Temperature sensor')).toBeVisible();
    await drawer.getByLabel('Sub-device type of row 1').press('Enter');
    await expect(drawer.getByTestId('channel-row')).toContainText('temp.1');
    await expect(drawer.getByTestId('channel-row')).toContainText('Temperature sensor');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await expect(drawer).toBeHidden();

    // Opened again, the drawer shows what was saved.
    await row.getByRole('button', { name: `Channels of ${name}` }).click();
    await expect(page.getByRole('dialog').getByTestId('channel-row')).toHaveCount(1);
    await expect(page.getByRole('dialog').getByTestId('channel-row')).toContainText('temp.1');
    await expect(page.getByRole('dialog').getByTestId('channel-row')).toContainText('Temperature sensor');
  });
});
