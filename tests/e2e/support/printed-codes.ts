/**
 * The shopper and the new company, walked again (decisions 184-186), on a phone and on a desktop: the
 * app's own scanner reads every code the app prints (a photo of the lot PNG the lots page downloads, the
 * server's reading of it, a typed Digital Link, a camera), a Digital Link to a lot the product does not
 * have says so, the history keeps the lot and its recall, a new product is public by default, an invited
 * colleague is welcomed by name and signed in, and a new timeline step is dated today in Vietnam.
 * Each screen passes axe and is photographed.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import QRCode from 'qrcode';
import { gs1CheckDigit } from '#shared/gs1/identifiers.ts';
import { expectAccessiblePage, storeTheme } from './a11y.ts';
import { createActiveUser, PASSWORD, signIn, uniqueEmail } from './accounts.ts';
import { newCompanyOwner } from './company.ts';
import { E2E } from './e2e-settings.ts';
import { expect, test } from './fixtures.ts';
import { resetLink } from './outbox.ts';

type Device = 'phone' | 'desktop';

const authed = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

/** A GTIN-13 of its own per call: one GTIN names one product in the whole app (decision 125). */
let gtinSeq = 0;
function freshGtin(): string {
  const body = `894${String((Date.now() * 10 + gtinSeq++) % 1e9).padStart(9, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

const REASON = 'Phát hiện nấm mốc trong mẫu kiểm tra';

/**
 * A company that prints Digital Link QR codes, its product with a GTIN, and a lot with its own printed
 * code, recalled.
 */
async function digitalLinkCompany(request: APIRequestContext) {
  const owner = await newCompanyOwner(request, 'Chủ HTX Gạo');
  const auth = authed(owner.accessToken);
  await data(await request.patch('/api/auth/company', { ...auth, data: { digital_link_qr: true } }), 200);
  const gtin = freshGtin();
  const product = await data<{ id: number; name: string }>(
    await request.post('/api/products', {
      ...auth,
      data: {
        name: 'Gạo ST25 Sóc Trăng',
        status: 'ACTIVE',
        gtin,
        origin: 'Sóc Trăng',
        trackings: [{ activity: 'Thu hoạch', location: 'Sóc Trăng', date: '2026-10-01', description: '' }],
      },
    }),
    201,
  );
  const lot = await data<{ id: number }>(
    await request.post('/api/lots', { ...auth, data: { productId: product.id, code: 'LOT2611' } }),
    201,
  );
  await data(await request.post(`/api/lots/${lot.id}/qr-codes`, auth), 201);
  await data(await request.post(`/api/lots/${lot.id}/recall`, { ...auth, data: { reason: REASON } }), 200);
  const gtin14 = gtin.padStart(14, '0');
  return { owner, product, lot, gtin: gtin14, lotLink: `${E2E.baseURL}/01/${gtin14}/10/LOT2611` };
}

/** A camera that never finds a device: the scan page offers the photo and the typed code. */
async function noCamera(page: Page) {
  await page.addInitScript(() => {
    if (!navigator.mediaDevices) return;
    navigator.mediaDevices.getUserMedia = async () => {
      throw new DOMException('Requested device not found', 'NotFoundError');
    };
  });
}

/** A camera that sees the QR code of `text` (a 1280x720 picture, as the scanner's constraints ask). */
async function cameraSeeing(page: Page, text: string) {
  const image = await QRCode.toDataURL(text, { margin: 4, width: 600 });
  await page.addInitScript((src: string) => {
    if (!navigator.mediaDevices) return;
    const img = new Image();
    img.src = src;
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const ctx = canvas.getContext('2d');
    setInterval(() => {
      if (!ctx) return;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1280, 720);
      if (img.complete) ctx.drawImage(img, 340, 60, 600, 600);
    }, 40);
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(25);
  }, image);
}

/** A code typed on the scan page (from under a label, or a link), as a shopper with no camera does. */
async function typeOnScanPage(page: Page, text: string) {
  await page.goto('/scan-qr');
  await page.getByRole('textbox', { name: 'Hoặc nhập mã in dưới tem' }).fill(text);
  await page.getByRole('button', { name: 'Tra cứu' }).click();
}

/** A product's entry in the scan history (/products). */
async function historyEntry(page: Page, name: string) {
  await page.goto('/products');
  return page.getByTestId('scan-history').getByRole('link', { name: new RegExp(name) });
}

/**
 * axe and reflow on the page as it is, then again in the dark look (stored as a visitor's choice and the
 * page reloaded): what this branch added must pass in both. `ready` waits for the reloaded page.
 */
async function expectAccessibleInBothLooks(page: Page, what: string, ready: () => Promise<void>) {
  await expectAccessiblePage(page, `${what}, light`);
  await storeTheme(page, { colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await ready();
  await expectAccessiblePage(page, `${what}, dark`);
}

/** The lot page a scan opened: the recall first, with its reason, then the lot. */
async function expectRecalledLotPage(page: Page, lotId: number) {
  await expect(page).toHaveURL(new RegExp(`/lots/${lotId}$`));
  const banner = page.getByTestId('recall-banner');
  await expect(banner).toContainText('Lô hàng này đã bị thu hồi');
  await expect(banner).toContainText(REASON);
  await expect(page.getByRole('heading', { level: 1, name: 'Lô LOT2611' })).toBeVisible();
}

export function printedCodeJourneys(device: Device) {
  const shoot = async (page: Page, info: TestInfo, name: string) =>
    page.screenshot({ path: info.outputPath(`${name}-${device}.png`), fullPage: true });

  test(`[GUEST][e2e][scan]: with Digital Link on, a photo of the lot PNG from the lots page opens the lot page, recall first (${device})`, async ({
    page,
    request,
  }, info) => {
    const { owner, product, lot } = await digitalLinkCompany(request);
    // The company downloads its lot's label from the lots page.
    await signIn(page, owner.email, owner.password);
    await page.goto(`/products/manage/${product.id}/lots`);
    const label = page.getByRole('link', { name: /^[a-z2-9]{12}$/ });
    const download = page.waitForEvent('download');
    await label.click();
    const png = await readFile((await (await download).path()) as string);
    expect((await download).suggestedFilename()).toBe('LOT2611.png');

    // A shopper photographs it on the scan page.
    await page.evaluate(() => localStorage.clear());
    await noCamera(page);
    await page.goto('/scan-qr');
    await page
      .getByTestId('scan-photo-input')
      .setInputFiles({ name: 'LOT2611.png', mimeType: 'image/png', buffer: png });
    await expectRecalledLotPage(page, lot.id);
    await expectAccessiblePage(page, `lot page after a photo scan (${device})`);
    await shoot(page, info, 'scan-photo-lot-page');

    // The same photo sent to the API: the lot, recalled, and the page it leads to.
    const answer = await data<{ page: string; lot: { id: number; recalled: boolean; recallReason: string } }>(
      await request.post('/api/products/scan-qr', {
        multipart: { file: { name: 'LOT2611.png', mimeType: 'image/png', buffer: png } },
      }),
      200,
    );
    expect(answer.page).toBe(`/lots/${lot.id}`);
    expect(answer.lot).toMatchObject({ id: lot.id, recalled: true, recallReason: REASON });
  });

  test.describe(() => {
    // No service worker: it would serve the phone's reader from its cache, past the route that drops it.
    test.use({ serviceWorkers: 'block' });
    test(`[GUEST][e2e][scan]: a photo the phone cannot read goes to the server, which leads to the lot page too (${device})`, async ({
      page,
      request,
      allowConsoleError,
    }) => {
      const { lot, lotLink } = await digitalLinkCompany(request);
      // The phone's own reader does not load (an old phone, a dropped line): the photo is uploaded.
      allowConsoleError(/Failed to load resource|Failed to fetch dynamically imported module|ERR_FAILED/);
      await page.route(/\/assets\/photo-decode-[^/]*\.js$/, (route) => route.abort());
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/products/scan-qr')) uploads.push(r.method());
      });
      await noCamera(page);
      await page.goto('/scan-qr');
      const photo = await QRCode.toBuffer(lotLink, { margin: 4, width: 800 });
      await page
        .getByTestId('scan-photo-input')
        .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: photo });
      await expectRecalledLotPage(page, lot.id);
      expect(uploads).toEqual(['POST']);
    });
  });

  test(`[GUEST][e2e][scan]: a typed /01/ link opens its lot's page; a lot the product does not have opens the product page, which says so (${device})`, async ({
    page,
    request,
  }, info) => {
    const { product, lot, gtin, lotLink } = await digitalLinkCompany(request);
    await noCamera(page);
    await typeOnScanPage(page, `${lotLink}?17=271231`);
    await expectRecalledLotPage(page, lot.id);

    await typeOnScanPage(page, `https://id.gs1.org/01/${gtin}/10/L-KHONG-CO`);
    await expect(page).toHaveURL(new RegExp(`/products/details/${product.id}\\?lot=L-KHONG-CO$`));
    const notice = page.getByRole('status').filter({ hasText: 'Không tìm thấy lô L-KHONG-CO' });
    await expect(notice).toHaveText('Không tìm thấy lô L-KHONG-CO — đây là thông tin chung của sản phẩm');
    const heading = page.getByRole('heading', { level: 1, name: product.name });
    await expect(heading).toBeVisible();
    expect((await notice.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
    await expectAccessiblePage(page, `product page naming an unknown lot (${device})`);
    await shoot(page, info, 'unknown-lot-notice');

    // Foreign codes stay refused, at once.
    await typeOnScanPage(page, 'https://evil.example/lots/1');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Mã QR này không thuộc hệ thống Truy xuất nguồn gốc' }),
    ).toBeVisible();
  });

  test(`[GUEST][e2e][scan]: the camera reads a Digital Link and opens the lot page (${device})`, async ({
    page,
    request,
  }) => {
    const { lot, lotLink } = await digitalLinkCompany(request);
    await cameraSeeing(page, lotLink);
    await page.goto('/scan-qr');
    await expectRecalledLotPage(page, lot.id);
  });

  test(`[GUEST][e2e][scan]: a printed Digital Link to an unknown lot opens the product page naming it, server-rendered first (${device})`, async ({
    page,
    request,
  }, info) => {
    const { product, gtin } = await digitalLinkCompany(request);
    const opened = await page.goto(`/01/${gtin}/10/NOPE-9?17=271231`);
    // The server's own page already says it, before any of the app's code.
    expect(await opened?.text()).toContain('Không tìm thấy lô NOPE-9 — đây là thông tin chung của sản phẩm');
    await expect(page).toHaveURL(new RegExp(`/products/details/${product.id}\\?lot=NOPE-9&17=271231$`));
    const notice = page.getByRole('status').filter({ hasText: 'Không tìm thấy lô NOPE-9' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await shoot(page, info, 'digital-link-unknown-lot');
    await expectAccessibleInBothLooks(page, `Digital Link to an unknown lot (${device})`, () =>
      expect(notice).toBeVisible(),
    );
    // The product page by its own address says nothing of the kind.
    await page.goto(`/products/details/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Không tìm thấy lô')).toHaveCount(0);
  });

  test(`[USER][e2e][history]: a shopper's history keeps the lot of a lot scan and marks its recall, with a four-digit year (${device})`, async ({
    page,
    request,
  }, info) => {
    const { lot, lotLink, product } = await digitalLinkCompany(request);
    const shopper = await createActiveUser(request, { name: 'Người mua' });
    await signIn(page, shopper.email, shopper.password);
    await noCamera(page);
    await typeOnScanPage(page, lotLink);
    await expectRecalledLotPage(page, lot.id);

    const entry = await historyEntry(page, product.name);
    await expect(entry).toContainText('Lô LOT2611');
    await expect(entry.getByTestId('history-recalled')).toHaveText('Đã thu hồi');
    await expect(entry).toContainText(/Quét lúc .*\d{2}\/\d{2}\/\d{4}/);
    await expect(entry).toHaveAttribute('href', `/lots/${lot.id}`);
    await shoot(page, info, 'history-recalled-lot');
    await expectAccessibleInBothLooks(page, `scan history with a recalled lot (${device})`, () =>
      expect(entry.getByTestId('history-recalled')).toBeVisible(),
    );
    await entry.click();
    await expectRecalledLotPage(page, lot.id);
  });

  test(`[GUEST][e2e][history]: a visitor's phone history keeps the lot too (${device})`, async ({
    page,
    request,
  }) => {
    const { lot, lotLink, product } = await digitalLinkCompany(request);
    await noCamera(page);
    await typeOnScanPage(page, lotLink);
    await expectRecalledLotPage(page, lot.id);
    const entry = await historyEntry(page, product.name);
    await expect(entry).toHaveAttribute('href', `/lots/${lot.id}`);
    await expect(entry.getByTestId('history-recalled')).toHaveText('Đã thu hồi');
    await expect(entry).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  });

  test(`[COMPANY_ADMIN][e2e][products]: a new product is "Đang hoạt động" unless chosen otherwise, the form says what the other choice means, and buyers see it (${device})`, async ({
    page,
    request,
  }, info) => {
    const owner = await newCompanyOwner(request);
    await signIn(page, owner.email, owner.password);
    await page.goto('/products/manage');
    await page.getByRole('button', { name: 'Thêm sản phẩm' }).first().click();
    const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
    const status = form.getByRole('group', { name: 'Trạng thái' });
    await expect(status.getByLabel('Đang hoạt động')).toBeChecked();
    await expect(status).toHaveAccessibleDescription(
      'Ngừng hoạt động: người mua quét mã sẽ thấy "Không tìm thấy sản phẩm".',
    );
    await form.getByLabel('Tên sản phẩm').fill('Nước mắm Phú Quốc');
    await expectAccessiblePage(page, `product form of a new product (${device})`);
    await shoot(page, info, 'product-form-status');
    await form.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect(form).toBeHidden();

    const list = await data<{ products: Array<{ name: string; qr_code: string; status: string }> }>(
      await request.get('/api/products', authed(owner.accessToken)),
      200,
    );
    const made = list.products.find((p) => p.name === 'Nước mắm Phú Quốc');
    expect(made?.status).toBe('ACTIVE');
    // The first printed label shows the product to a buyer.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/redirect/${made?.qr_code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nước mắm Phú Quốc' })).toBeVisible();
  });

  test(`[EMPLOYEE][e2e][accounts]: an invited colleague is welcomed to the company by name, and setting the password signs them in (${device})`, async ({
    page,
    request,
    allowConsoleError,
  }, info) => {
    // The spent link, opened again at the end, is the server's 400.
    allowConsoleError(/status of 400/);
    const owner = await newCompanyOwner(request);
    const email = uniqueEmail('staff');
    const since = Date.now() - 1000;
    await data(
      await request.post('/api/users', {
        ...authed(owner.accessToken),
        data: { name: 'Lê Thị Mời', email, role: 'EMPLOYEE' },
      }),
      201,
    );
    const link = new URL(await resetLink(email, since));
    await page.goto(link.pathname);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Chào mừng bạn đến với Công ty E2E' }),
    ).toBeVisible();
    await expect(page.getByText(`Đặt mật khẩu cho tài khoản ${email} để bắt đầu làm việc.`)).toBeVisible();
    await expect(page.getByText('Đặt mật khẩu mới')).toHaveCount(0);
    await shoot(page, info, 'invitation');
    await expectAccessibleInBothLooks(page, `invitation page (${device})`, () =>
      expect(
        page.getByRole('heading', { level: 1, name: 'Chào mừng bạn đến với Công ty E2E' }),
      ).toBeVisible(),
    );
    await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Xác nhận mật khẩu').fill(PASSWORD);
    await page.getByRole('button', { name: 'Đặt mật khẩu và bắt đầu' }).click();
    // Signed in, in the workspace: no second sign-in.
    await expect(page.getByText('Đã đặt mật khẩu. Chào mừng bạn!')).toBeVisible();
    await expect(page).not.toHaveURL(/\/auth\//);
    await shoot(page, info, 'invitation-signed-in');
    await page.goto('/products/manage');
    await expect(page).toHaveURL(/\/products\/manage$/);
    await expect(page.getByRole('button', { name: 'Thêm sản phẩm' }).first()).toBeVisible();
    // The link is spent: opened again, it says so without a word about the company.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link.pathname);
    await expect(page.getByRole('alert')).toContainText(
      'Liên kết không hợp lệ, đã hết hạn hoặc đã được sử dụng.',
    );
    await expect(page.getByText('Công ty E2E')).toHaveCount(0);
  });

  test(`[COMPANY_ADMIN][e2e][dates]: before 07:00 in Vietnam a new timeline step is dated today there, not yesterday (${device})`, async ({
    page,
    request,
  }) => {
    const owner = await newCompanyOwner(request);
    // 06:30 in Hà Nội: UTC is still on the day before.
    const dayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const at = new Date(dayStart - 30 * 60_000);
    await page.clock.setFixedTime(at);
    await signIn(page, owner.email, owner.password);
    await page.goto('/products/manage');
    await page.getByRole('button', { name: 'Thêm sản phẩm' }).first().click();
    const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
    await form.getByRole('button', { name: 'Thêm bước' }).click();
    const expected = new Date(dayStart).toISOString().slice(0, 10);
    await expect(
      form.getByRole('listitem', { name: 'Bước 1' }).getByLabel('Ngày', { exact: true }),
    ).toHaveValue(expected);
  });
}
