/**
 * The public side on a phone: scanning (fake camera, photo, printed URL), the product page with its
 * timeline, the phone's history moving into an account, and site content edited by an administrator
 * shown to a visitor without running anything in it. The fixture fails a test on any request that
 * leaves the app's origin, any console error not declared, and any uncaught exception.
 */
import { type APIRequestContext, devices, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { createActiveUser, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN } from './support/e2e-settings.ts';

interface CreatedProduct {
  id: number;
  name: string;
  qr_code: string;
  qr_code_url: string;
}

/** A business (its own COMPANY_ADMIN) with ACTIVE products made over REST, each with a timeline. */
async function companyWithProducts(request: APIRequestContext, names: string[]): Promise<CreatedProduct[]> {
  return (await companyAndOwner(request, names)).products;
}

/** One ACTIVE product of a new business, for journeys about a single product. */
async function oneProduct(request: APIRequestContext, name: string): Promise<CreatedProduct> {
  const [product] = await companyWithProducts(request, [name]);
  if (!product) throw new Error('no product');
  return product;
}

/** The same, with the owner's token, for journeys that read the company's figures. */
async function companyAndOwner(request: APIRequestContext, names: string[]) {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ doanh nghiệp' });
  const products: CreatedProduct[] = [];
  for (const name of names) {
    const res = await request.post('/api/products', {
      headers: { authorization: `Bearer ${owner.accessToken}` },
      data: {
        name,
        status: 'ACTIVE',
        origin: 'Cầu Đất, Lâm Đồng',
        category: 'Cà phê',
        unit: 'Túi 500g',
        tags: ['arabica'],
        trackings: [
          { activity: 'Thu hái', location: 'Cầu Đất', date: '2025-11-02', description: 'Hái tay quả chín' },
          { activity: 'Rang xay', location: 'Đà Lạt', date: '2025-11-20', description: '' },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    products.push(((await res.json()) as { data: CreatedProduct }).data);
  }
  return { products, ownerToken: owner.accessToken };
}

/** Replaces the camera with a 1280x720 white canvas showing a QR code of `text` (the verified way). */
async function fakeCamera(page: Page, text: string) {
  const dataUrl = await QRCode.toDataURL(text, { margin: 4, width: 600 });
  await page.addInitScript((src: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const ctx = canvas.getContext('2d');
    const img = new Image();
    img.src = src;
    const draw = () => {
      if (!ctx) return;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1280, 720);
      if (img.complete) ctx.drawImage(img, 340, 60, 600, 600);
    };
    setInterval(draw, 50);
    draw();
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(30);
  }, dataUrl);
}

async function expectProductPage(page: Page, product: CreatedProduct) {
  await expect(page).toHaveURL(new RegExp(`/products/details/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The workspace's status is not a shopper's business: no badge on a public page.
  await expect(page.getByRole('heading', { name: 'Hành trình sản phẩm' })).toBeVisible();
  await expect(page.getByText('Đang hoạt động')).toHaveCount(0);
  const steps = page.getByTestId('timeline').getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Thu hái');
  await expect(steps.nth(0)).toContainText('02/11/2025');
  await expect(page.getByRole('link', { name: 'Công ty E2E' })).toBeVisible();
}

test('[GUEST][e2e][scan]: a visitor scans a product with the camera and lands on its page with the timeline; the wasm comes from our /assets/', async ({
  page,
  request,
}) => {
  const product = await oneProduct(request, 'Cà phê Cầu Đất');
  await fakeCamera(page, product.qr_code_url);
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('.wasm')) wasm.push(new URL(r.url()).pathname);
  });
  await page.goto('/scan-qr');
  await expect(page.getByRole('heading', { name: 'Quét mã QR' })).toBeVisible();
  await expectProductPage(page, product);
  expect(wasm.length).toBeGreaterThan(0);
  for (const path of wasm) expect(path).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/);

  // The company link leads to its public page, which lists the product.
  await page.getByRole('link', { name: 'Công ty E2E' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Công ty E2E' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cà phê Cầu Đất/ })).toBeVisible();
});

test('[GUEST][e2e][scan]: a QR code of another site is refused in Vietnamese, and the product page loads no scanner', async ({
  page,
  request,
}) => {
  const product = await oneProduct(request, 'Chè Thái Nguyên');
  await fakeCamera(page, 'https://example.com/redirect/abcdefgh2345');
  await page.goto('/scan-qr');
  await expect(page.getByRole('alert')).toContainText('không thuộc hệ thống');

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.wasm')) scripts.push(r.url());
  });
  await page.goto(`/products/details/${product.id}`);
  await expectProductPage(page, product);
  expect(scripts.filter((u) => /camera-scanner|zxing|rich-text-editor|recharts/.test(u))).toEqual([]);
});

test("[GUEST][e2e][redirect]: a visitor opens a printed code's URL and the address becomes the product page", async ({
  page,
  request,
}) => {
  const product = await oneProduct(request, 'Mật ong bạc hà');
  await page.goto(new URL(product.qr_code_url).pathname);
  await expectProductPage(page, product);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/redirect\//);
});

test("[GUEST][e2e][redirect]: a printed code's page is readable with JavaScript off and counts no scan; with the app, one scan", async ({
  browser,
  page,
  request,
}) => {
  const { products, ownerToken } = await companyAndOwner(request, ['Chè Thái Nguyên']);
  const product = products[0];
  if (!product) throw new Error('no product');
  const totalScans = async () => {
    const res = await request.get('/api/companies/dashboard/statistic', {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    return ((await res.json()) as { data: { totalScans: number } }).data.totalScans;
  };
  const path = new URL(product.qr_code_url).pathname;

  // A phone that runs no script (or a link preview): the product and its journey are in the page itself.
  const noScript = await browser.newContext({
    ...devices['Pixel 7'],
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  const bare = await noScript.newPage();
  await bare.goto(path);
  await expect(bare.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(bare.getByTestId('timeline').getByRole('listitem')).toHaveCount(2);
  await expect(bare.getByText('Thu hái')).toBeVisible();
  await noScript.close();
  expect(await totalScans()).toBe(0);

  // The app, once it runs, records the scan and turns the address into the product page's.
  await page.goto(path);
  await expectProductPage(page, product);
  await expect.poll(totalScans).toBe(1);
  await page.getByRole('link', { name: 'Công ty E2E' }).click();
  await expect(page).toHaveURL(/\/company\/details\/\d+$/);
});

test("[GUEST][e2e][settings]: a visitor's dark look is applied to the server-rendered product page", async ({
  page,
  request,
}) => {
  const product = await oneProduct(request, 'Hạt điều Bình Phước');
  await page.addInitScript(() =>
    localStorage.setItem('app-settings', JSON.stringify({ colorScheme: 'dark' })),
  );
  await page.goto(`/products/details/${product.id}`);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectProductPage(page, product);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('[GUEST][e2e][redirect]: an unknown code shows the not-found message with a way to scan again', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/404/);
  await page.goto('/redirect/khong-co-ma-nay');
  await expect(page.getByRole('heading', { name: 'Không tìm thấy sản phẩm' })).toBeVisible();
  await expect(page.getByText('Mã không có trong hệ thống')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Quét lại' }).click();
  await expect(page).toHaveURL(/\/scan-qr$/);

  // Typed by hand on the scan page: the same answer in place.
  await page.getByLabel('Hoặc nhập mã in dưới tem').fill('khong-co-ma-nay');
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Không tìm thấy sản phẩm cho mã này' }),
  ).toBeVisible();
});

test('[GUEST][e2e][scan]: a photo of the code is read on the phone and opens the product', async ({
  page,
  request,
}) => {
  const product = await oneProduct(request, 'Nước mắm Phú Quốc');
  // No camera on this phone: the page says so and the photo is the way.
  await page.addInitScript(() => {
    if (navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = async () => {
        throw new DOMException('Requested device not found', 'NotFoundError');
      };
  });
  await page.goto('/scan-qr');
  await expect(page.getByRole('alert')).toContainText('Không tìm thấy camera');
  const png = await QRCode.toBuffer(product.qr_code_url, { margin: 4, width: 500 });
  await page
    .getByTestId('scan-photo-input')
    .setInputFiles({ name: 'tem.png', mimeType: 'image/png', buffer: png });
  await expectProductPage(page, product);
});

test("[GUEST][e2e][history]: a visitor's scans are listed in /products and move into the account at sign-in", async ({
  page,
  request,
}) => {
  const [first, second] = await companyWithProducts(request, ['Gạo ST25', 'Bưởi Năm Roi']);
  if (!first || !second) throw new Error('no products');
  const user = await createActiveUser(request, { name: 'Khách quét mã' });

  for (const p of [first, second]) {
    await page.goto(new URL(p.qr_code_url).pathname);
    await expectProductPage(page, p);
    // The page is on screen from the server's HTML; the app records the scan when it starts.
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/products');
  const history = page.getByTestId('scan-history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Bưởi Năm Roi');
  await expect(history.nth(1)).toContainText('Gạo ST25');
  await expect(page.getByText('Quyền riêng tư')).toBeVisible();

  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/products$/);
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Bưởi Năm Roi');
  expect(await page.evaluate(() => localStorage.getItem('scanned-qrs'))).toBe('[]');

  // The account holds them now: the API says so for this user's token.
  const logs = await request.get('/api/auth/scan-logs', {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  const body = (await logs.json()) as { data: { logs: { productId: number }[]; total: number } };
  expect(body.data.total).toBe(2);
  expect(body.data.logs.map((l) => l.productId)).toEqual([second.id, first.id]);
});

test('[SUPER_ADMIN][e2e][content]: an administrator edits the terms and a visitor sees the new text, with no script run', async ({
  page,
  browser,
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { session: { accessToken: string } } }).data.session
    .accessToken;
  const stamp = Date.now().toString(36);
  // A body with a script and an event handler, sent as an attacker with the right would send it.
  const created = await request.post('/api/settings/term-conditions', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      items: [
        {
          key: 'termsAndServices',
          title: `Điều khoản bảo mật ${stamp}`,
          body: '<p>Không chia sẻ dữ liệu.</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script>',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The administrator adds a section with the editor.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/edit-content');
  await page.getByRole('tab', { name: 'Điều khoản dịch vụ' }).click();
  await expect(page.getByText(`Điều khoản bảo mật ${stamp}`)).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mục' }).click();
  await page.getByLabel('Tiêu đề', { exact: true }).fill(`Quy định sử dụng ${stamp}`);
  const editor = page.getByRole('textbox', { name: 'Nội dung' });
  await editor.click();
  await page.keyboard.type('Người dùng cam kết cung cấp thông tin trung thực.');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText('Đã lưu nội dung')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Quy định sử dụng ${stamp}` })).toBeVisible();

  // A visitor on another phone reads the terms at sign-up.
  const visitor = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: test.info().project.use.baseURL,
  });
  const v = await visitor.newPage();
  await v.goto('/auth/sign-up');
  await v.getByLabel('Không').check();
  await v.getByRole('button', { name: 'Tiếp tục' }).click();
  await v.getByRole('button', { name: 'điều khoản dịch vụ' }).click();
  const dialog = v.getByRole('dialog');
  await expect(dialog.getByText('Người dùng cam kết cung cấp thông tin trung thực.')).toBeVisible();
  await expect(dialog.getByText('Không chia sẻ dữ liệu.')).toBeVisible();
  expect(await v.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await dialog.innerHTML()).not.toMatch(/<script|onerror/i);

  // The home content ('traceability') greets visitors above their history on /products.
  const home = await request.post('/api/settings/term-conditions', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      items: [
        {
          key: 'traceability',
          title: `Chào mừng ${stamp}`,
          body: '<p><strong>Quét</strong> để biết nguồn gốc.</p>',
        },
      ],
    },
  });
  expect(home.status(), await home.text()).toBe(201);
  await v.goto('/products');
  const content = v.getByTestId('site-content-traceability');
  await expect(content.getByRole('heading', { name: `Chào mừng ${stamp}` })).toBeVisible();
  await expect(content.locator('strong').getByText('Quét', { exact: true })).toBeVisible();
  await visitor.close();
});
