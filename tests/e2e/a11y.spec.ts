/**
 * WCAG 2.2 AA on a desktop: every page in light and dark with reflow at 320 CSS px, and each accent
 * colour (light and dark) on the pages that show it most (docs/decisions/095). The phone's run is
 * a11y.phone.spec.ts.
 */
import { ACCENTS, expectNoAxeViolations, storeTheme } from './support/a11y.ts';
import { ACCENT_PAGES, everyPageJourneys, openAs } from './support/a11y-pages.ts';
import { expect, test } from './support/fixtures.ts';

const world = everyPageJourneys('desktop');

test("[ALL][e2e][a11y]: each accent colour, light and dark, and the high-contrast dark menu pass axe's rules", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const looks = [
    ...ACCENTS.flatMap((primaryColor) =>
      (['light', 'dark'] as const).map((colorScheme) => ({ primaryColor, colorScheme })),
    ),
    { primaryColor: 'orange', colorScheme: 'light', navColor: 'apparent', contrast: 'high' } as const,
  ];
  for (const look of looks) {
    // Init scripts run in the order they were added: the newest look is the one stored.
    await storeTheme(page, look);
    for (const checked of world().pages.filter((p) => ACCENT_PAGES.includes(p.name))) {
      await test.step(`${checked.name}: ${JSON.stringify(look)}`, async () => {
        await openAs(page, world(), checked);
        await expect(page.locator('html')).toHaveAttribute('data-accent', look.primaryColor);
        await expectNoAxeViolations(page, `${checked.name}, ${JSON.stringify(look)}`);
      });
    }
  }
});
