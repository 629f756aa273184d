import type { Page } from '@playwright/test';

/**
 * Every selector the browser tests use, in one place (see packages/web/src/test/selectors.md).
 * Tests run in English unless they switch language on purpose.
 */
export const sel = {
  login: {
    username: (p: Page) => p.getByLabel('Username'),
    password: (p: Page) => p.getByLabel('Password', { exact: true }),
    captcha: (p: Page) => p.getByLabel('Verification code', { exact: true }),
    captchaImage: (p: Page) => p.getByTestId('captcha-image'),
    submit: (p: Page) => p.getByRole('button', { name: 'Sign in' }),
    language: (p: Page) => p.getByRole('button', { name: 'Language' }),
  },
  forced: {
    heading: (p: Page) => p.getByRole('heading', { name: 'Change your initial password' }),
    current: (p: Page) => p.getByLabel('Current password'),
    next: (p: Page) => p.getByLabel('New password', { exact: true }),
    confirm: (p: Page) => p.getByLabel('Confirm new password'),
    submit: (p: Page) => p.getByRole('button', { name: 'Change password and continue' }),
  },
  shell: {
    welcome: (p: Page) => p.getByTestId('welcome'),
    title: (p: Page) => p.getByTestId('product-title'),
    menu: (p: Page) => p.getByRole('navigation', { name: 'Main menu' }),
    farmMode: (p: Page) => p.getByRole('radiogroup', { name: 'Farm mode' }),
    accountMenu: (p: Page) => p.getByRole('button', { name: 'Account menu' }),
    noFunctions: (p: Page) => p.getByTestId('no-functions'),
  },
  toast: (p: Page) => p.locator('.ant-message-notice'),
  overview: {
    cards: (p: Page) => p.getByTestId('shed-card'),
    farm: (p: Page) => p.getByLabel('Farm', { exact: true }),
  },
};
