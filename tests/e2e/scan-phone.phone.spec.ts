/**
 * The shopper's phone (decisions 120–122): a photo read on the phone with no upload, a picture with
 * two of our codes and the picker, "Thử lại camera" after a camera error, and the scan page opening
 * and reading a photo offline after one visit, its code looked up when the network returns.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { E2E } from './support/e2e-settings.ts';
import { addProduct, type MadeProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const redirectUrl = (p: MadeProduct) => `${E2E.baseURL}/redirect/${p.qr_code}`;

/** A phone photo of printed codes: a grey 12 MP frame with the codes on it, as a JPEG. */
async function photoOf(products: MadeProduct[]): Promise<Buffer> {
  const codes = await Promise.all(
    products.map(async (p, i) => ({
      input: await sharp(await QRCode.toBuffer(redirectUrl(p), { margin: 4, width: 900 }))
        .rotate(6, { background: '#bbb' })
        .toBuffer(),
      left: 300 + i * 1800,
      top: 900,
    })),
  );
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#9a948a' } })
    .composite(codes)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A phone whose camera fails `failures` times with "not found", then works (showing a blank frame). */
async function cameraFailing(page: Page, failures: number) {
  await page.addInitScript((n: number) => {
    let left = n;
    if (!navigator.mediaDevices) return;
    navigator.mediaDevices.getUserMedia = async () => {
      if (left-- > 0) throw new DOMException('Requested device not found', 'NotFoundError');
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 720;
      return canvas.captureStream(10);
    };
  }, failures);
}

async function products(request: Parameters<typeof newCompanyOwner>[0], names: string[]) {
  const owner = await newCompanyOwner(request);
  const made: MadeProduct[] = [];
  for (const name of names) made.push(await addProduct(request, owner.accessToken, { name }));
  return made;
}

test('[GUEST][e2e][scan]: a photo is read on the phone, nothing uploaded; after a camera error "Thử lại camera" asks again', async ({
  page,
  request,
}) => {
  const [product] = await products(request, ['Tiêu đen Phú Quốc']);
  if (!product) throw new Error('no product');
  await cameraFailing(page, 1);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/products/scan-qr')) uploads.push(r.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scan-qr');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Không tìm thấy camera');
  await expect(alert.getByRole('button', { name: 'Thử lại camera' })).toBeVisible();
  await shoot(page, 'scan-camera-error-390');
  // The second try finds a camera: the camera frame is back.
  await alert.getByRole('button', { name: 'Thử lại camera' }).click();
  await expect(page.getByTestId('camera')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page
    .getByTestId('scan-photo-input')
    .setInputFiles({ name: 'IMG_2001.jpg', mimeType: 'image/jpeg', buffer: await photoOf([product]) });
  await expect(page).toHaveURL(new RegExp(`/products/details/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(uploads).toEqual([]);
});

test('[GUEST][e2e][scan]: a picture with two of our codes lets the shopper pick, and the pick opens that product', async ({
  page,
  request,
}) => {
  const [pepper, honey] = await products(request, ['Tiêu đen Phú Quốc', 'Mật ong hoa nhãn']);
  if (!pepper || !honey) throw new Error('no products');
  await cameraFailing(page, 5);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scan-qr');
  await page
    .getByTestId('scan-photo-input')
    .setInputFiles({ name: 'ke-hang.jpg', mimeType: 'image/jpeg', buffer: await photoOf([pepper, honey]) });
  const picker = page.getByRole('region', { name: /nhiều mã QR/ });
  await expect(picker.getByRole('button')).toHaveCount(2);
  await expect(picker.getByRole('button', { name: /Tiêu đen Phú Quốc/ })).toBeVisible();
  await expect(picker.getByRole('button', { name: /Mật ong hoa nhãn/ })).toBeVisible();
  await shoot(page, 'scan-several-codes-390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await picker.getByRole('button', { name: /Mật ong hoa nhãn/ }).click();
  await expect(page).toHaveURL(new RegExp(`/products/details/${honey.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: honey.name })).toBeVisible();
});

test('[GUEST][e2e][offline]: after one visit the scan page opens offline, reads a photo, and the scan is looked up when the network returns', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  // Offline, the browser logs the requests it could not send, and the app its failed calls (api-errors.ts).
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|Unknown Error/);
  const [product] = await products(request, ['Trà Shan tuyết']);
  if (!product) throw new Error('no product');
  await cameraFailing(page, 100);
  await page.goto('/scan-qr');
  await expect(page.getByRole('heading', { level: 1, name: 'Quét mã QR' })).toBeVisible();
  // The service worker has kept the page's files, and the page says so.
  await expect(page.getByText('Trang quét đã được lưu trên điện thoại')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // With the network, a product page still comes from the server (its server-rendered first view),
  // not from the kept app shell.
  const opened = await page.goto(`/products/details/${product.id}`);
  expect(await opened?.text()).toContain('id="first-view"');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/scan-qr');
  await expect(page.getByRole('heading', { level: 1, name: 'Quét mã QR' })).toBeVisible();
  await page
    .getByTestId('scan-photo-input')
    .setInputFiles({ name: 'IMG_3001.jpg', mimeType: 'image/jpeg', buffer: await photoOf([product]) });
  await expect(page.getByRole('status')).toContainText('Không có mạng');
  await shoot(page, 'scan-offline-queued-390');

  await context.setOffline(false);
  // Back online: the kept code is looked up (a scan) and enters the phone's history.
  await expect(
    page.getByRole('region', { name: 'Đã quét gần đây' }).getByRole('link', { name: product.name }),
  ).toBeVisible();
  const history = await page.evaluate(() => JSON.parse(localStorage.getItem('scanned-qrs') ?? '[]'));
  expect(history.map((h: { productId: number }) => h.productId)).toEqual([product.id]);
});

test('[GUEST][e2e][install]: the web app manifest and the service worker are served with their types', async ({
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(body).toMatchObject({ name: 'Truy xuất nguồn gốc', start_url: '/scan-qr', theme_color: '#15803d' });
  expect(body.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
  ]);
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png']) {
    const res = await request.get(icon);
    expect(res.headers()['content-type'], icon).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
});
