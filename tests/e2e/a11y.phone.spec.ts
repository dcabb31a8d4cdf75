/**
 * WCAG 2.2 AA on a phone (Pixel 7): every page in light and dark with reflow at 320 CSS px; the live
 * camera scanner named and described; the server-rendered pages, before any of the app's code runs,
 * in Vietnamese and passing axe too (docs/decisions/095).
 */
import { devices } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { everyPageJourneys } from './support/a11y-pages.ts';
import { expect, test } from './support/fixtures.ts';

const world = everyPageJourneys('phone');

test('[GUEST][e2e][a11y]: the live camera is a named, described region, and the other ways to scan follow it', async ({
  page,
}) => {
  // A camera that sees no code: the scanner stays on its live picture.
  await page.addInitScript(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d');
    setInterval(() => ctx?.fillRect(0, 0, 640, 480), 50);
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
  });
  await page.goto('/scan-qr');
  const camera = page.getByRole('region', { name: 'Khung camera quét mã QR' });
  await expect(camera).toBeVisible();
  await expect(camera.locator('video')).toBeVisible();
  await expect(camera).toHaveAccessibleDescription(
    /Khi camera thấy một mã QR của hệ thống, trang sản phẩm tự mở/,
  );
  await expect(page.getByLabel('Chọn ảnh mã QR')).toBeAttached();
  await expect(page.getByRole('textbox', { name: 'Hoặc nhập mã in dưới tem' })).toBeVisible();
  await expectNoAxeViolations(page, 'quét mã, camera đang chạy');
});

test("[GUEST][e2e][a11y]: before the app's code runs, the server-rendered product and printed code's pages are in Vietnamese and pass axe", async ({
  browser,
}) => {
  // The app's scripts never arrive (as on a slow line, or with scripts off): what shows is the
  // server's markup alone. axe itself still runs, injected by the test.
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: test.info().project.use.baseURL,
  });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const bare = await context.newPage();
  for (const name of ['trang sản phẩm', 'trang của mã in']) {
    const checked = world().pages.find((p) => p.name === name);
    if (!checked) throw new Error(`no page ${name}`);
    await bare.goto(checked.path);
    await checked.ready(bare);
    await expect(bare).toHaveURL(new RegExp(`${checked.path}$`));
    await expect(bare.locator('html')).toHaveAttribute('lang', 'vi');
    await expectNoAxeViolations(bare, `${name}, chỉ có HTML của máy chủ`);
  }
  await context.close();
});
