/**
 * Serialized codes on a phone (issue 32): a company creates a batch of 10 codes for its product, waits
 * for it to be READY, downloads the print house's CSV and reads it; a shopper opens one item's address
 * and is told they are the first to verify it, another browser opening it is told it was seen before
 * (an open counts once per browser per 10 minutes, so the second shopper is a fresh browser), and a
 * guessed serial is "Mã không hợp lệ". A buyer with an English phone reads the verdict and the report form's
 * refusal in English (issue 33). Each screen passes axe.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, devices } from '@playwright/test';
import { gs1CheckDigit } from '#shared/gs1/identifiers.ts';
import { isSerialShaped } from '#shared/serials.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { createActiveUser, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** A GTIN-13 of its own per journey: one GTIN names one product in the whole app (decision 125). */
function freshGtin(): string {
  const body = `894${String(Date.now() % 1e9).padStart(9, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

async function productOf(request: APIRequestContext, token: string) {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Nước mắm Phú Quốc',
      status: 'ACTIVE',
      gtin: freshGtin(),
      origin: 'Phú Quốc, Kiên Giang',
      trackings: [{ activity: 'Ủ chượp', location: 'Phú Quốc', date: '2024-04-20', description: '' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number; gtin: string } }).data;
}

/** A shopper's phone of its own: a fresh browser, no cookie, not signed in. */
async function shopperOpens(browser: Browser, url: string, locale = 'vi-VN') {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: PHONE,
    locale,
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

test('a batch of 10 is made, its CSV read, one item opened first then seen, and a guessed serial refused', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await createActiveUser(request, { business: true, name: 'Chủ cơ sở nước mắm' });
  const product = await productOf(request, owner.accessToken);
  await signIn(page, owner.email, owner.password);

  await page.goto('/serials');
  await expect(page.getByRole('heading', { level: 1, name: 'Mã từng sản phẩm' })).toBeVisible();
  await expect(page.getByText('Chưa có lô mã nào. Bấm "Tạo lô mã" để bắt đầu.')).toBeVisible();
  await page.getByRole('button', { name: 'Tạo lô mã' }).click();
  const form = page.getByRole('dialog', { name: 'Tạo lô mã từng sản phẩm' });
  const productField = form.getByLabel('Sản phẩm', { exact: true });
  await expect(productField.getByRole('option', { name: 'Nước mắm Phú Quốc' })).toBeAttached();
  await productField.selectOption({ label: 'Nước mắm Phú Quốc' });
  // Over the limit is refused in the form, in Vietnamese, before anything is sent.
  await form.getByLabel('Số lượng mã').fill('1000001');
  await form.getByRole('button', { name: 'Tạo', exact: true }).click();
  await expect(form.getByText('Số lượng mã phải từ 1 đến 1.000.000')).toBeVisible();
  await form.getByLabel('Số lượng mã').fill('10');
  await expectNoAxeViolations(page, 'serial batch form (phone)');
  await page.screenshot({ path: testInfo.outputPath('serials-form-390.png') });
  await form.getByRole('button', { name: 'Tạo', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Sẵn sàng')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'serials page (phone)');
  await page.screenshot({ path: testInfo.outputPath('serials-390.png'), fullPage: true });

  // The print house's CSV: a header and 10 rows, each item's Digital Link on this origin.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Thao tác: Nước mắm Phú Quốc' }).click();
  await page.getByRole('menuitem', { name: 'Tải CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^serials-lo-\d+\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('url,serial,pin,lot');
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows).toHaveLength(10);
  const origin = new URL(page.url()).origin;
  const gtin14 = product.gtin.padStart(14, '0');
  for (const [url, serial] of rows) {
    expect(isSerialShaped(serial ?? '')).toBe(true);
    expect(url).toBe(`${origin}/01/${gtin14}/21/${serial}`);
  }
  expect(new Set(rows.map((r) => r[1])).size).toBe(10);

  // The A4 sheet of the first codes: one QR code per item, drawn in the page.
  await page.getByRole('button', { name: 'Thao tác: Nước mắm Phú Quốc' }).click();
  await page.getByRole('menuitem', { name: 'In tờ A4' }).click();
  const printForm = page.getByRole('dialog', { name: 'In tờ mã A4' });
  await printForm.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('qr-label')).toHaveCount(10);
  await expect(page.getByTestId('qr-label').first()).toContainText(rows[0]?.[1] ?? '');
  await page.getByRole('button', { name: 'Quay lại' }).click();

  // The first shopper is the first to verify it; the same browser again within 10 minutes is not counted.
  const itemUrl = rows[0]?.[0] ?? '';
  const first = await shopperOpens(browser, itemUrl);
  await expect(first.page.getByText('Bạn là người đầu tiên xác thực sản phẩm này')).toBeVisible();
  await expect(first.page.getByText('Sản phẩm: Nước mắm Phú Quốc')).toBeVisible();
  await expectNoAxeViolations(first.page, 'serial verdict, first (phone)');
  await first.page.screenshot({ path: testInfo.outputPath('verdict-first-390.png'), fullPage: true });
  await first.page.reload();
  await expect(first.page.getByText('Bạn là người đầu tiên xác thực sản phẩm này')).toBeVisible();
  await first.context.close();

  // Another shopper's browser: seen before, with the count.
  const second = await shopperOpens(browser, itemUrl);
  await expect(second.page.getByText('Sản phẩm đã được xác thực 2 lần')).toBeVisible();
  await expectNoAxeViolations(second.page, 'serial verdict, seen (phone)');
  await second.page.screenshot({ path: testInfo.outputPath('verdict-seen-390.png'), fullPage: true });
  await second.context.close();

  // A buyer abroad, an English phone (issue 33), the third open in 24 hours, so suspect: the verdict, its
  // reason, its first time and the forms speak English.
  const abroad = await shopperOpens(browser, itemUrl, 'en-US');
  await expect(
    abroad.page.getByRole('heading', { level: 1, name: 'Warning: this code shows signs of being copied' }),
  ).toBeVisible();
  await expect(abroad.page.getByText('Scanned 3 or more times within 24 hours')).toBeVisible();
  // The product under it, its untranslated name in Vietnamese, marked so.
  await expect(abroad.page.getByText('Product: Nước mắm Phú Quốc (Vietnamese)')).toBeVisible();
  await expect(abroad.page.locator('[lang="vi"]', { hasText: 'Nước mắm Phú Quốc' })).toBeVisible();
  await expect(
    abroad.page.getByText(/^First verified: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d$/),
  ).toBeVisible();
  expect(await abroad.page.evaluate(() => document.documentElement.lang)).toBe('en');
  const report = abroad.page.locator('form').filter({ hasText: 'Report a counterfeit' });
  await report.getByLabel('Shop name').fill('Cửa hàng ABC');
  await report.locator('input[type=file]').setInputFiles({
    name: 'not-a-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is text, not a photo'),
  });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toHaveText('The chosen file is not a photo (JPEG, PNG or GIF).');
  await expectNoAxeViolations(abroad.page, 'serial verdict in English (phone)');
  expect(await abroad.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await abroad.page.screenshot({ path: testInfo.outputPath('verdict-english-390.png'), fullPage: true });
  await abroad.context.close();

  const json = await request.get(`/api/serials/${rows[0]?.[1]}`);
  const answer = ((await json.json()) as { data: { verdict: string; count: number } }).data;
  expect(answer).toMatchObject({ verdict: 'SUSPECT', count: 3 });

  // A guessed serial under the product's own GTIN: not issued, never the product's genuine page.
  const guessed = await shopperOpens(browser, `${origin}/01/${gtin14}/21/ABCDEFGHJKLM`);
  await expect(guessed.page.getByRole('heading', { level: 1, name: 'Mã không hợp lệ' })).toBeVisible();
  await expectNoAxeViolations(guessed.page, 'serial verdict, not issued (phone)');
  await guessed.page.screenshot({ path: testInfo.outputPath('verdict-not-issued-390.png'), fullPage: true });
  // A code of nobody's offers the three languages: English says it is invalid in English.
  await guessed.page.getByTestId('language-switcher').getByRole('link', { name: 'English' }).click();
  await expect(guessed.page.getByRole('heading', { level: 1, name: 'Invalid code' })).toBeVisible();
  expect(await guessed.page.evaluate(() => document.documentElement.lang)).toBe('en');
  await guessed.context.close();
});
