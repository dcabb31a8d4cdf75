/**
 * WCAG 2.2 AA on a desktop: every page in light and dark with reflow at 320 CSS px, and each accent
 * colour (light and dark) on the pages that show it most (docs/decisions/095). The phone's run is
 * a11y.phone.spec.ts.
 */
import { ACCENTS, expectNoAxeViolations, useTheme } from './support/a11y.ts';
import { type A11yWorld, ACCENT_PAGES, buildA11yWorld, checkEveryPage, openAs } from './support/a11y-pages.ts';
import { expect, test } from './support/fixtures.ts';

let world: A11yWorld;
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  world = await buildA11yWorld(request);
  await request.dispose();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[ALL][e2e][a11y]: every page passes axe's WCAG 2.2 AA rules and reflows at 320 px, ${colorScheme}, desktop`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await checkEveryPage(page, world, colorScheme, 'desktop');
  });
}

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
    await useTheme(page, look);
    for (const checked of world.pages.filter((p) => ACCENT_PAGES.includes(p.name))) {
      await test.step(`${checked.name}: ${JSON.stringify(look)}`, async () => {
        await openAs(page, world, checked);
        await expect(page.locator('html')).toHaveAttribute('data-accent', look.primaryColor);
        await expectNoAxeViolations(page, `${checked.name}, ${JSON.stringify(look)}`);
      });
    }
  }
});
