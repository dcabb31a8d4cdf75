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

/** Slow 3G as Chrome's DevTools define it: 400 ms round trip, ~400 kbit/s down and up. */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
export const CPU_SLOWDOWN = 4;

type Context = Awaited<ReturnType<Awaited<ReturnType<typeof launchChromium>>['newContext']>>;
type Tab = Awaited<ReturnType<Context['newPage']>>;

/** A cold cache, slow 3G and a 4x slower CPU for `page`, over CDP: the phone the goals are set for. */
export async function throttle(context: Context, page: Tab): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}
