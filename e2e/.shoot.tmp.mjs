import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8291';
const [locale = 'en-us', w = '1440', h = '900', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.addInitScript((l) => {
  if (!localStorage.getItem('farmsense.app')) localStorage.setItem('farmsense.app', JSON.stringify({ state: { locale: l }, version: 1 }));
  sessionStorage.setItem('farmsense.safeCodePrompted', '1');
}, locale);
await page.goto(base + '/login');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/login.png' });
await page.locator('#username, input[autocomplete=username]').first().fill('demo');
await page.locator('input[type=password]').first().fill('Demo@12345');
await page.keyboard.press('Enter');
await page.waitForSelector('nav', { timeout: 20000 }).catch(async (e) => { await page.screenshot({ path: '/tmp/shots/fail.png' }); throw e; });
for (const spec of paths) {
  const [path, action] = spec.split('|');
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  if (action) {
    for (const a of action.split(';')) {
      if (a.startsWith('click:')) { await page.getByRole('button', { name: a.slice(6) }).first().click(); await page.waitForTimeout(1500); }
      if (a.startsWith('text:')) { await page.getByText(a.slice(5)).first().click(); await page.waitForTimeout(1500); }
    }
  }
  const name = `/tmp/shots/${locale}-${w}-${path.replace(/\//g, '_')}${action ? '-' + action.replace(/[^a-z0-9]/gi, '').slice(0, 30) : ''}.png`;
  await page.screenshot({ path: name });
  console.log(name);
}
await browser.close();
