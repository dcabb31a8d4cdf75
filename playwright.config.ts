import { defineConfig, devices } from '@playwright/test';
import { E2E } from './tests/e2e/support/e2e-settings.ts';

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; `npx playwright install` is never needed). The app
 * runs as a newcomer would run it (`npm start`), on its own port, with a fresh data directory
 * (tests/e2e/support/e2e-settings.ts).
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E.baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: '**/*.phone.spec.ts' },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, testMatch: '**/*.phone.spec.ts' },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${E2E.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E.dataDir,
      PUBLIC_URL: E2E.baseURL,
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      PASSWORD_HASH_COST: '12',
      // Every journey signs up its own company from 127.0.0.1; the limit itself is tested on the real
      // server (tests/server/security).
      ACCOUNT_MAILS_PER_ADDRESS: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
