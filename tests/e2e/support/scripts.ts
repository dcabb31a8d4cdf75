/** What JavaScript a page ran (decision 140's budget of the light page): measured once, for every journey that checks it. */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** A built file's gzipped size: its .gz, or gzipped here when the build left it small and unzipped. */
const gzipKb = (path: string) =>
  (existsSync(`dist/client${path}.gz`)
    ? readFileSync(`dist/client${path}.gz`).byteLength
    : gzipSync(readFileSync(`dist/client${path}`), { level: 9 }).byteLength) / 1024;

/** The page's module scripts, and the gzipped size in kB of every script it loaded. */
export async function pageScripts(page: Page) {
  const { entries, loaded } = await page.evaluate(() => ({
    entries: [...document.querySelectorAll('script[type=module][src]')].map(
      (s) => (s as HTMLScriptElement).src,
    ),
    loaded: performance
      .getEntriesByType('resource')
      .map((r) => new URL(r.name).pathname)
      .filter((p) => p.endsWith('.js')),
  }));
  const kb = [...new Set(loaded)].reduce((a, p) => a + gzipKb(p), 0);
  return { entries, kb, loaded: [...new Set(loaded)] };
}
