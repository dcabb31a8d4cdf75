/**
 * The journeys' `test`: every page fails its test on a console error, an uncaught exception, or a
 * request to any origin other than the app's (no CDN, no tracker).
 */
import { test as base, expect } from '@playwright/test';

interface Fixtures {
  consoleAllowList: RegExp[];
  /** A journey that provokes an error answer on purpose declares the browser's log line for it. */
  allowConsoleError: (pattern: RegExp) => void;
  // biome-ignore lint/suspicious/noConfusingVoidType: an auto fixture with no value is typed void by Playwright
  guardPage: void;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from the pattern
  consoleAllowList: async ({}, use) => {
    await use([]);
  },
  allowConsoleError: async ({ consoleAllowList }, use) => {
    await use((pattern) => consoleAllowList.push(pattern));
  },
  guardPage: [
    async ({ page, baseURL, consoleAllowList: allowed }, use) => {
      const problems: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      page.on('console', (m) => {
        if (m.type() === 'error' && !allowed.some((re) => re.test(m.text())))
          problems.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
      page.on('request', (r) => {
        const url = r.url();
        if (/^(data|blob|about):/.test(url)) return;
        if (new URL(url).origin !== origin) problems.push(`foreign request: ${url}`);
      });
      await use();
      expect(problems, 'console errors, exceptions or foreign requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
