import { expect, test, type Page } from '@playwright/test';
import { connectAsync } from 'mqtt';
import { api, chooseOption, expectToast, prepare, signInToShell } from '../helpers';
import { MQTT_PORT } from '../playwright.config';
import { sel } from '../selectors';

/** An option of the open antd select, by its label. */
const option = (page: Page, label: string) => page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });

/** The session token (the console's persisted state) and the demo pig farm's id (from the API). */
async function session(page: Page): Promise<{ token: string; pigFarm: number }> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('farmsense.app') ?? '{}') as { state: { token: string } }).state.token,
  );
  const farms = await api<{ id: number; farmName: string }[]>(page, 'GET', '/breedpigbuilding/farmInfo/list');
  return { token, pigFarm: farms.find((f) => f.farmName === 'Demo Pig Farm')!.id };
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
    await chooseOption(page, dialog.getByLabel('Farm'), 'Demo Pig Farm');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Starts with fs- followed by 1 to 16 letters or digits')).toBeVisible();
    await dialog.getByLabel('Device code').fill(code);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Controller ${name} added`);
    // The check code is shown once, then only its hash is kept.
    const shown = page.getByRole('dialog', { name: `Check code of ${name}` });
    await expect(shown.getByTestId('check-code')).toContainText('e2e-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

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

  test('the 4008 page adds a 4008 controller on a network device port and lists only that family', async ({ page }) => {
    await prepare(page);
    await signInToShell(page, 'demo');
    const rand = Math.random().toString(36).slice(2, 10);
    const code = `fs-c4${rand}`;
    const name = `E2E 4008 ${rand}`;
    const { token, pigFarm } = await session(page);
    const netName = `E2E serial ${rand}`;
    const ip = `10.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const net = await page.request.post('/api/breedpigdevice/network/add', {
      headers: { token },
      data: { name: netName, ip, serverPort: 4001, connectionMode: 'tcpServer', farmId: pigFarm },
    });
    expect((await net.json()).code).toBe(1);

    await page.goto('/device-mng/controller4008');
    await expect(page.getByRole('heading', { name: '4008 controllers', level: 3 })).toBeVisible();
    // The demo climate controllers are another model family: not listed here.
    await page.getByLabel('Code or name').fill('fs-demo01');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No 4008 controllers yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add controller' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Model')).toHaveValue('FS-4008');
    await dialog.getByLabel('Device code').fill(code);
    await dialog.getByLabel('Device name').fill(name);
    await dialog.getByLabel('Connection check code').fill('e2e-secret');
    await chooseOption(page, dialog.getByLabel('Farm'), 'Demo Pig Farm');
    await dialog.getByLabel('Communication point number').fill('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Give network device, port and communication point number together').first()).toBeVisible();
    await dialog.getByLabel('Network device').click();
    await option(page, `${netName} (${ip})`).click();
    await dialog.getByLabel('Port').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Controller ${name} added`);
    // The check code is shown once, then only its hash is kept.
    const shown = page.getByRole('dialog', { name: `Check code of ${name}` });
    await expect(shown.getByTestId('check-code')).toContainText('e2e-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByLabel('Code or name').fill(code);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('comm-point')).toHaveText('7');
    await expect(row).toContainText(netName);
    await expect(row).toContainText('FS-4008');
    // Never connected: a clock sync is refused as offline (203342), shown as a message.
    await row.getByRole('button', { name: `Sync the clock of ${name}` }).click();
    await expectToast(page, 'The device is offline');
  });

  test('the embeddable running-status page shows one controller full screen, live, with its channel states', async ({ page }) => {
    await prepare(page);
    await signInToShell(page, 'demo');
    const { token } = await session(page);
    // fs-demo02 is a demo climate controller bound to a shed (CONTRACT §5); name one of its fans.
    const found = await page.request.post('/api/breedpigdevice/controller/page', {
      headers: { token },
      data: { keyword: 'fs-demo02', pageNo: 1, pageSize: 10 },
    });
    const gw = ((await found.json()) as { data: { list: { id: number; code: string; name: string }[] } }).data.list.find(
      (g) => g.code === 'fs-demo02',
    )!;
    const saved = await page.request.put('/api/breedpigdevice/controller/channels', {
      headers: { token },
      data: {
        id: gw.id,
        channels: [
          { key: 'fan.1', subDevice: 14, name: 'E2E tunnel fan', fanType: 2 },
          { key: 'temp.1', subDevice: 1, name: 'E2E inside' },
        ],
      },
    });
    expect((await saved.json()).code).toBe(1);

    await page.goto('/device-running-status/controller/iframe?code=fs-demo02');
    const status = page.getByTestId('running-status');
    await expect(status.getByRole('heading', { name: `Running status: ${gw.name}` })).toBeVisible();
    // Full screen: no shell around it.
    await expect(sel.shell.menu(page)).toHaveCount(0);
    await expect(sel.shell.welcome(page)).toHaveCount(0);
    await expect(page.getByTestId('controller-detail')).toContainText('fs-demo02');
    const channels = page.getByTestId('running-channels');
    await expect(channels.getByRole('row').filter({ hasText: 'E2E tunnel fan' })).toBeVisible();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

    const client = await connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
      username: 'fs-demo02',
      password: 'demo',
      clientId: `fs-demo02-e2e${Date.now()}`,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(
        'fs/fs-demo02/telemetry',
        JSON.stringify({ ts: Date.now(), seq: 1, values: { 'fan.1': 77, 'temp.1': 26.4 } }),
        { qos: 1 },
      );
    } finally {
      await client.endAsync();
    }
    await expect(channels.getByRole('row').filter({ hasText: 'E2E tunnel fan' })).toContainText('77');
    await expect(channels.getByRole('row').filter({ hasText: 'E2E inside' })).toContainText('26.4');
    await expect(page.locator('[data-testid="detail-value"][data-key="fan.1"]')).toContainText('77');
  });
});
