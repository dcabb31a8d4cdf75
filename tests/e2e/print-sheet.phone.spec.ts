/**
 * The A4 label sheet on a 390 px phone: the preview is zoomed down to the screen, so nothing scrolls
 * sideways, and says so (at 320 px too, light and dark, passing axe); the print itself keeps its true size
 * (30 mm codes).
 */
import { PASSWORD, signIn } from './support/accounts.ts';
import { expectAccessiblePage, storeTheme } from './support/a11y.ts';
import { addCodes, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('[COMPANY_ADMIN][e2e][phone]: the A4 sheet is previewed at the screen’s width with no sideways scroll, and printed at its true size', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request);
  await addCodes(request, owner.accessToken, 8);
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/qrs');
  await page.getByRole('button', { name: 'In các mã trên trang' }).click();
  await expect(page.getByRole('heading', { name: 'Tờ tem mã QR (A4)' })).toBeVisible();
  const labels = page.getByTestId('qr-label');
  await expect(labels).toHaveCount(8);
  await expect(page.getByText(/Bản xem trước được thu nhỏ còn \d+% cho vừa màn hình/)).toBeVisible();

  const { scroll, inner, sheet } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    sheet: document.querySelector('[data-testid=qr-sheet]')?.getBoundingClientRect().right ?? 0,
  }));
  expect(scroll, `the page is ${scroll}px wide on a ${inner}px screen`).toBeLessThanOrEqual(inner);
  expect(sheet).toBeLessThanOrEqual(inner);
  // axe, and at 320 px the preview zooms down again (it follows the frame as it resizes).
  await expectAccessiblePage(page, 'tờ tem A4 trên điện thoại, sáng');

  // On paper: 30 mm codes (113 px at 96 dpi), whatever the screen.
  await page.emulateMedia({ media: 'print' });
  const width = await labels
    .first()
    .locator('svg')
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(110);
  await page.emulateMedia({ media: 'screen' });

  // The dark theme too.
  await storeTheme(page, { colorScheme: 'dark' });
  await page.reload();
  await page.getByRole('button', { name: 'In các mã trên trang' }).click();
  await expect(labels).toHaveCount(8);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectAccessiblePage(page, 'tờ tem A4 trên điện thoại, tối');
});
