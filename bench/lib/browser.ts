import { chromium, devices } from '@playwright/test';

/** Debian's Chromium with the same launch arguments as playwright.config.ts. */
export function launchChromium() {
  return chromium.launch({
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
  });
}

/** A phone (Pixel 7's viewport and user agent), Vietnamese, no cache shared between contexts. */
export const PHONE = { ...devices['Pixel 7'], locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' };
