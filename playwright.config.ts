import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; `npx playwright install` is never needed). The app
 * runs as a newcomer would run it (`npm start`), on its own port, with a fresh data directory whose
 * outbox the tests read for codes and links. Workers inherit E2E_DATA_DIR from this main process.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'txng-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E = {
  dataDir: process.env.E2E_DATA_DIR,
  baseURL: `http://127.0.0.1:${PORT}`,
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Quan-tri-e2e-2026',
};

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
      PORT: String(PORT),
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
