/**
 * Accessibility checks any journey can run on the page it is on (docs/decisions/095):
 * `expectNoAxeViolations` runs axe-core with the WCAG 2.0/2.1/2.2 A and AA rules and fails on any
 * violation, listing each rule with the elements it found; `expectReflow` checks that the page reads at
 * 320 CSS px without sideways scrolling; `storeTheme` sets the look a visitor picked in the settings before
 * the page's code runs.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { type AppSettings, PRIMARY_COLORS } from '#client/settings/app-settings.ts';

/** The rule sets a page must pass: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export const ACCENTS = PRIMARY_COLORS;

/** One line per violation and element: rule, impact, selector and axe's own summary of what is wrong. */
function listViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
    ),
  );
}

/**
 * Waits for what the page shows to settle (no network for a moment, transitions finished), then runs
 * axe on the whole document. `what` names the page and look in the failure message.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Colours are measured on the final frame, not halfway through a hover or theme transition.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  expect.soft(listViolations(results.violations), `axe: ${what} (${page.url()})`).toEqual([]);
}

/**
 * WCAG 1.4.10: at 320 CSS px wide (what 1280 px at 400% zoom gives) the page scrolls in one direction.
 * Content that needs two dimensions (a data table) may scroll inside its own region, not the page.
 * A failure names the outermost elements that stick out. The viewport is put back afterwards.
 */
export async function expectReflow(page: Page, what: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const width = root.clientWidth;
      if (root.scrollWidth <= width) return [];
      const out: string[] = [];
      for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
        const box = el.getBoundingClientRect();
        const parentBox = el.parentElement?.getBoundingClientRect();
        if (box.right <= width + 0.5 || (parentBox && parentBox.right > width + 0.5)) continue;
        const text = (el.textContent ?? '').trim().slice(0, 40);
        const path = [el.parentElement?.tagName, el.tagName].join(' > ').toLowerCase();
        out.push(`${path} "${text}": right edge at ${Math.round(box.right)} px`);
      }
      return out.length ? out.slice(0, 5) : [`page ${root.scrollWidth} px wide`];
    });
  try {
    await expect
      .configure({ soft: true })
      .poll(overflow, { message: `sideways scroll at 320 px: ${what} (${page.url()})` })
      .toEqual([]);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** The look a visitor chose in the settings, stored before any page of this tab runs. */
export async function storeTheme(page: Page, theme: Partial<AppSettings>): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('app-settings', value), JSON.stringify(theme));
}

/**
 * Both checks on the page as it is now. They are soft: a journey goes on to its next page and fails at
 * its end with every finding, so one run lists them all.
 */
export async function expectAccessiblePage(page: Page, what: string): Promise<void> {
  await expectNoAxeViolations(page, what);
  await expectReflow(page, what);
}
