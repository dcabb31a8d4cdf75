/**
 * WCAG 2.2 AA on a desktop (1280 × 720): every page in light and dark, every accent colour, and reflow at
 * 320 CSS px (docs/decisions/095). The phone's run is a11y.phone.spec.ts.
 */
import { ACCENTS, expectAccessiblePage, expectNoAxeViolations, useTheme } from './support/a11y.ts';
import { type A11yWorld, buildA11yWorld, openAs } from './support/a11y-pages.ts';
import { test } from './support/fixtures.ts';

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
    await useTheme(page, { colorScheme });
    for (const checked of world.pages) {
      await test.step(checked.name, async () => {
        await openAs(page, world, checked);
        await expectAccessiblePage(page, `${checked.name}, ${colorScheme}`);
      });
    }
  });
}
