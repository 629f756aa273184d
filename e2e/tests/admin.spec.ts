import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectToast, logOut, prepare, signIn, signInToShell } from '../helpers';
import { sel } from '../selectors';

/**
 * Tenant administration end to end: the demo administrator builds a farm, its houses and pens, a
 * role that may only view the poultry house overview, and an account with that role limited to
 * one house; that account then sees exactly that. And the user cap: with the demo tenant at its
 * cap, adding an account says so. The tests run one after the other (the second changes the demo
 * tenant's cap), and sign in as little as possible: all browser tests share one per-IP budget.
 */
test.describe.configure({ mode: 'serial' });

const INITIAL_PASSWORD = 'Start2026x';
const NEW_PASSWORD = 'Fresh2026y';

/** The accounts have no safe code, so the console asks for one after sign-in; these tests put it off. */
async function putOffSafeCode(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Set a safe code')).toBeVisible();
  await dialog.getByRole('button', { name: 'Set later' }).click();
  await expect(dialog).toBeHidden();
}

async function choose(page: Page, combobox: Locator, title: string, search?: string): Promise<void> {
  await combobox.click();
  if (search) await combobox.fill(search);
  await sel.admin.option(page, title).click();
}

async function addHouse(page: Page, name: string, shedNum: string): Promise<void> {
  await sel.admin.sheds.add(page).click();
  await sel.admin.sheds.name(page).fill(name);
  await choose(page, sel.admin.sheds.type(page), 'Broiler');
  await sel.admin.sheds.number(page, 'Area').fill('1');
  await sel.admin.sheds.number(page, 'Building').fill('1');
  await sel.admin.sheds.number(page, 'House no.').fill(shedNum);
  await expect(page.getByTestId('shed-preview')).toHaveText(`1-1-${shedNum} (Broiler)`);
  await sel.admin.save(page).click();
  await expectToast(page, `House “${name}” added`);
  await expect(sel.admin.dialog(page)).toBeHidden();
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await prepare(page);
  return page;
}

test.describe('tenant administration', () => {
  test.beforeEach(async ({ page }) => prepare(page));

  test('the administrator builds a farm, a role and an account limited to one house, which sees exactly that', async ({ page }) => {
    test.setTimeout(150_000);
    const suffix = Math.random().toString(36).slice(2, 8);
    const farm = `E2E Farm ${suffix}`;
    const houseA = `E2E House A ${suffix}`;
    const houseB = `E2E House B ${suffix}`;
    const role = `Env viewer ${suffix}`;
    const code = `e2eenv${suffix}`;
    const displayName = `Env Viewer ${suffix}`;

    await signInToShell(page, 'demo');

    // A poultry farm.
    await page.goto('/housemanagement/houselist');
    await expect(sel.admin.heading(page, 'Farms')).toBeVisible();
    await sel.admin.farms.add(page).click();
    await sel.admin.save(page).click();
    await expect(sel.admin.dialog(page).getByText('This field is required').first()).toBeVisible();
    await sel.admin.farms.name(page).fill(farm);
    await sel.admin.farms.type(page, 'Poultry farm').click();
    await sel.admin.farms.person(page).fill('E2E Keeper');
    await choose(page, sel.admin.farms.areaCode(page), '+86 China', '+86');
    await sel.admin.farms.phone(page).fill('13900000000');
    await expect(sel.admin.farms.timeZoneName(page)).not.toHaveValue('');
    await sel.admin.save(page).click();
    await expectToast(page, `Farm “${farm}” added`);
    await expect(sel.admin.row(page, farm)).toContainText('Poultry farm');

    // Two houses in it, the first with pens 1-3.
    await page.goto('/housemanagement/shedlist');
    await expect(sel.admin.heading(page, 'Houses')).toBeVisible();
    await choose(page, sel.admin.sheds.farm(page), farm, farm);
    await expect(page.getByText('This farm has no houses yet')).toBeVisible();
    await addHouse(page, houseA, '1');
    await addHouse(page, houseB, '2');
    await expect(sel.admin.sheds.label(page)).toHaveText(['1-1-1 (Broiler)', '1-1-2 (Broiler)']);
    await sel.admin.sheds.pens(page, houseA).click();
    await expect(page.getByText('This house has no pens yet')).toBeVisible();
    await sel.admin.sheds.startPen(page).fill('3');
    await sel.admin.sheds.endPen(page).fill('1');
    await sel.admin.sheds.addPens(page).click();
    await expect(sel.admin.dialog(page).getByText('The end value must not be less than the start value')).toBeVisible();
    await sel.admin.sheds.startPen(page).fill('1');
    await sel.admin.sheds.endPen(page).fill('3');
    await sel.admin.sheds.addPens(page).click();
    await expectToast(page, 'Pens added: 3');
    await expect(sel.admin.sheds.penLabel(page)).toHaveText(['1-1', '2-1', '3-1']);
    await page.keyboard.press('Escape');
    await expect(sel.admin.row(page, houseA).getByTestId('shedlist-pens')).toHaveText('3');

    // A role that may only view the poultry house overview.
    await page.goto('/usermanagement/role');
    await expect(sel.admin.heading(page, 'Roles')).toBeVisible();
    await sel.admin.roles.add(page).click();
    await sel.admin.roles.name(page).fill(role);
    await sel.admin.save(page).click();
    await expectToast(page, `Role “${role}” added`);
    await expect(sel.admin.dialog(page)).toBeHidden();
    await sel.admin.roles.permissions(page, role).click();
    await expect(sel.admin.roles.count(page)).toHaveText('0 functions bound');
    await sel.admin.roles.expandAll(page).click();
    await sel.admin.roles.grant(page, 'House overview').check();
    await expect(sel.admin.roles.count(page)).toHaveText('1 function bound');
    await sel.admin.save(page).click();
    await expectToast(page, 'Saved successfully');
    await expect(sel.admin.row(page, role)).toContainText('1');

    // An account with that role, authorized for the farm, then limited to house A.
    await page.goto('/usermanagement/accountnumber');
    await expect(sel.admin.heading(page, 'Accounts')).toBeVisible();
    await sel.admin.accounts.add(page).click();
    await sel.admin.accounts.code(page).fill(code);
    await sel.admin.accounts.name(page).fill(displayName);
    await sel.admin.accounts.password(page).fill(INITIAL_PASSWORD);
    await sel.admin.accounts.confirm(page).fill(INITIAL_PASSWORD);
    await sel.admin.accounts.phone(page).fill('13900000001');
    await choose(page, sel.admin.accounts.roles(page), role, role);
    await page.keyboard.press('Escape');
    await choose(page, sel.admin.accounts.farms(page), farm, farm);
    await page.keyboard.press('Escape');
    await sel.admin.save(page).click();
    await expectToast(page, `Account ${code} added`);
    await expect(sel.admin.dialog(page)).toBeHidden();
    await sel.admin.accounts.keyword(page).fill(suffix);
    await sel.admin.accounts.search(page).click();
    await expect(sel.admin.row(page, code)).toContainText(role);
    await expect(sel.admin.row(page, code)).toContainText(farm);

    await sel.admin.accounts.authorize(page, displayName).click();
    await expect(sel.admin.accounts.summary(page)).toContainText('Whole farm');
    await sel.admin.accounts.treeCheckbox(page, farm).click();
    await expect(sel.admin.accounts.summary(page)).not.toContainText(farm);
    await sel.admin.accounts.treeCheckbox(page, houseA).click();
    await expect(sel.admin.accounts.summary(page)).toContainText('Only 1 house');
    await sel.admin.save(page).click();
    await expectToast(page, 'Saved successfully');
    await expect(sel.admin.row(page, code)).toContainText(`${farm} · part`);

    // The account: forced password change, then one menu entry and one house.
    await logOut(page);
    await signIn(page, code, INITIAL_PASSWORD);
    await expect(page).toHaveURL(/\/login\/change-password$/);
    await sel.forced.current(page).fill(INITIAL_PASSWORD);
    await sel.forced.next(page).fill(NEW_PASSWORD);
    await sel.forced.confirm(page).fill(NEW_PASSWORD);
    await sel.forced.submit(page).click();
    const menu = sel.shell.menu(page);
    await expect(menu).toBeVisible();
    await putOffSafeCode(page);
    await expect(page).toHaveURL(/\/ci18\/overview\/shed$/);
    await expect(menu.locator('li.ant-menu-item')).toHaveCount(1);
    await expect(sel.overview.cards(page)).toHaveCount(1);
    await expect(sel.overview.cards(page).first()).toContainText(houseA);
    await expect(page.getByText(houseB)).toHaveCount(0);
  });

  test('adding an account to a tenant at its user cap shows the 20101 message', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const tenant = 'Demo Agri Group';
    const cap = async (value: string): Promise<void> => {
      await sel.tenants.authorize(page, tenant).click();
      await page.getByRole('menuitem', { name: 'System authorization' }).click();
      await expect(page.getByRole('dialog', { name: `System authorization · ${tenant}` })).toBeVisible();
      await sel.tenants.systemAuth.userLimit(page).fill(value);
      await sel.tenants.systemAuth.save(page).click();
      await expectToast(page, 'Saved successfully');
      await expect(page.getByRole('dialog')).toBeHidden();
    };

    // The platform operator caps the demo tenant at the users it has.
    await signInToShell(page, 'platform');
    await expect(sel.tenants.heading(page)).toBeVisible();
    const users = sel.tenants.users(page, tenant);
    await expect(users).toHaveText(/^\d+ \/ ∞$/);
    const count = (await users.textContent())!.split(' ')[0]!;
    await cap(count);
    await expect(users).toHaveText(`${count} / ${count}`);

    const admin = await newPage(browser, baseURL);
    try {
      await signInToShell(admin, 'demo');
      await admin.goto('/usermanagement/accountnumber');
      await sel.admin.accounts.add(admin).click();
      await sel.admin.accounts.code(admin).fill(`e2ecap${Math.random().toString(36).slice(2, 8)}`);
      await sel.admin.accounts.name(admin).fill('Over the cap');
      await sel.admin.accounts.password(admin).fill(INITIAL_PASSWORD);
      await sel.admin.accounts.confirm(admin).fill(INITIAL_PASSWORD);
      await sel.admin.accounts.phone(admin).fill('13900000002');
      await sel.admin.save(admin).click();
      await expectToast(admin, 'The number of users has reached the authorized limit');
      await expect(sel.admin.accounts.limit(admin)).toContainText('The number of users has reached the authorized limit');
      await expect(sel.admin.dialog(admin)).toBeVisible();
    } finally {
      await admin.context().close();
      // The cap goes again, whatever happened above: other tests add accounts to this tenant.
      await cap('');
      await expect(users).toHaveText(`${count} / ∞`);
    }
  });
});
