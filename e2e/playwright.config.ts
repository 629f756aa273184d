import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests run the built product (`npm run build` first) on a fresh embedded database with
 * the demo data, in the system Chromium (no browser download). The captcha is drawn as usual;
 * CAPTCHA_TEST_CODE makes its answer known to the tests.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Chosen once by the runner; its test workers load this file again and inherit the variable.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'fs-e2e-')));
/** Without SMTP the server's local outbox writes each alarm e-mail here as sent (MAIL_OUTBOX_DIR), link included. */
export const MAIL_DIR = path.join(dataDir, 'outbox');
export const CAPTCHA_CODE = 'E2E7';
/** The embedded broker's TCP port, fixed so a test can publish as a device with a real MQTT client. */
export const MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? 18831);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: process.env.E2E_OUT ?? path.join(os.tmpdir(), 'fs-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    // The console honours reduced motion (no pulsing live dots, no antd motion): on CI's two cores
    // the software-rendered animations of one browser kept a core busy and starved the other
    // worker's browser, so write flows timed out while the alarm flow ran beside them.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace screencasts every frame (the GPU process then takes most of a core); the
    // retry of a failed test records it.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node packages/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_PORT: String(MQTT_PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      MAIL_OUTBOX_DIR: MAIL_DIR,
      DEMO: '1',
      SIMULATOR: '0',
      CAPTCHA: 'on',
      CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      LOG_LEVEL: 'warn',
    },
  },
});
