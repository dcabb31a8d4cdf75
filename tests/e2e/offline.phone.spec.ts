/**
 * With no network (decision 187), on a phone: a product or lot page opened before shows its kept copy,
 * marked with its time; any other page says "Không có mạng" with "Thử lại", which brings the page back
 * once the network is. On the light page a shopper opens by address, and in the app from the scan page
 * kept for offline use. Nothing is a blank screen. Each screen passes axe, light and dark.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations, storeTheme } from './support/a11y.ts';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** What the browser and the app log for the calls and pages the network refused. */
const OFFLINE_LOGS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|Unknown Error/;

const lightEntry = /\/assets\/light-[\w-]+\.js$/;
const appEntry = /\/assets\/index-[\w-]+\.js$/;
const entryScript = (page: Page) =>
  page.evaluate(
    () => (document.querySelector('script[type=module][src]') as HTMLScriptElement | null)?.src ?? '',
  );

/** A product without a photo and a recalled lot of it, made over REST. */
async function productWithRecalledLot(request: APIRequestContext) {
  const owner = await newCompanyOwner(request, 'Chủ HTX');
  const product = await addProduct(request, owner.accessToken, { name: 'Mật ong hoa nhãn Hưng Yên' });
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const made = await request.post('/api/lots', { headers, data: { productId: product.id, code: 'L2405A' } });
  expect(made.status(), await made.text()).toBe(201);
  const lot = ((await made.json()) as { data: { id: number } }).data;
  const recalled = await request.post(`/api/lots/${lot.id}/recall`, {
    headers,
    data: { reason: 'Phát hiện nấm mốc' },
  });
  expect(recalled.status(), await recalled.text()).toBe(200);
  const companyId = (
    (await (await request.get(`/api/products/${product.id}`, { headers })).json()) as {
      data: { companyId: number };
    }
  ).data.companyId;
  return { product, lot, companyId };
}

/** The service worker is in charge of this tab and has kept the offline page. */
async function keptForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(async () => !!(await caches.match('/offline.html'))), { timeout: 15_000 })
    .toBe(true);
}

const KEPT_NOTICE = /^Không có mạng\. Bản lưu lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}, có thể đã cũ\./;

test('[GUEST][e2e][offline]: on the light page, the product and lot pages opened before show their kept copy; any other page says "Không có mạng" until the network is back', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_LOGS);
  const { product, lot, companyId } = await productWithRecalledLot(request);

  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await keptForOffline(page);
  await page.goto(`/lots/${lot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lô L2405A' })).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByTestId('kept-copy')).toHaveText(KEPT_NOTICE);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} | Truy xuất nguồn gốc`);
  expect(await entryScript(page)).toMatch(lightEntry);
  await expectNoAxeViolations(page, 'bản lưu của trang sản phẩm');
  await shoot(page, 'offline-product-copy-390');

  // The lot's copy still leads with its recall, after the notice that it may be old.
  await page.goto(`/lots/${lot.id}`);
  await expect(page.getByTestId('kept-copy')).toHaveText(KEPT_NOTICE);
  await expect(page.getByText('Lô hàng này đã bị thu hồi')).toBeVisible();
  await shoot(page, 'offline-lot-copy-390');

  // A page never opened here, and a page of the workspace: "Không có mạng", never a blank screen.
  for (const path of [`/company/details/${companyId}`, '/qrs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Không có mạng' }), path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
    expect(await entryScript(page)).toMatch(lightEntry);
  }
  await expectNoAxeViolations(page, 'không có mạng');
  await shoot(page, 'offline-page-390');

  // "Thử lại" asks again (still no network: still said so); once the network is back the page comes
  // by itself: the company's page.
  await page.goto(`/company/details/${companyId}`);
  const retry = page.getByRole('button', { name: 'Thử lại' });
  await retry.click();
  await expect(retry).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Không có mạng' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Công ty E2E' })).toBeVisible();
  // And a kept page is the server's again, with no notice.
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('kept-copy')).toHaveCount(0);
});

test('[GUEST][e2e][offline]: in the app, the scan page kept offline opens a recent product from its copy; a page whose code never came says "Không có mạng"', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_LOGS);
  const { product } = await productWithRecalledLot(request);
  await page.goto('/scan-qr');
  await expect(page.getByText('Trang quét đã được lưu trên điện thoại')).toBeVisible({ timeout: 30_000 });
  // A typed code opens its product in the app, which keeps it.
  await page.getByRole('textbox', { name: 'Hoặc nhập mã in dưới tem' }).fill(product.qr_code);
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/scan-qr');
  await expect(page.getByRole('heading', { level: 1, name: 'Quét mã QR' })).toBeVisible();
  expect(await entryScript(page)).toMatch(appEntry);
  await page
    .getByRole('region', { name: 'Đã quét gần đây' })
    .getByRole('link', { name: product.name })
    .click();
  await expect(page.getByTestId('kept-copy')).toHaveText(KEPT_NOTICE);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await shoot(page, 'offline-app-product-copy-390');

  // The sign-in page's code was never fetched: the page says so, in place of a blank screen.
  await page.getByRole('banner').getByRole('link', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Không có mạng' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
  await shoot(page, 'offline-app-page-390');
});

test('[GUEST][e2e][offline]: the offline page and a kept copy pass axe in the dark theme too', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_LOGS);
  await storeTheme(page, { colorScheme: 'dark' });
  const { product } = await productWithRecalledLot(request);
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await keptForOffline(page);
  await context.setOffline(true);
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByTestId('kept-copy')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page, 'bản lưu của trang sản phẩm, tối');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Không có mạng' })).toBeVisible();
  await expectNoAxeViolations(page, 'không có mạng, tối');
  await shoot(page, 'offline-page-dark-390');
});
