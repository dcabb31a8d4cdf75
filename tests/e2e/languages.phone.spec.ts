/**
 * A buyer abroad scans a product's QR code (issue 33, decisions 210-212): a company publishes English and
 * Simplified Chinese and translates its product's name, category and one step of its journey over REST,
 * leaving the origin in Vietnamese. A phone whose browser speaks English opens the printed code and reads
 * the product and the page's own words (its header's sign-in link too) in English, the untranslated origin
 * marked "(Vietnamese)", then the scanner (the app's page) in English too; one whose browser speaks Chinese
 * reads them in Chinese; the switcher brings the Vietnamese page back. Each page
 * passes axe, fits 390 px, runs within the light page's 70 kB with its own language's strings only, and is
 * photographed.
 */
import { type APIRequestContext, devices } from '@playwright/test';
import { expectAccessiblePage } from './support/a11y.ts';
import { newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';
import { pageScripts } from './support/scripts.ts';

interface Made {
  id: number;
  companyId: number;
  qr_code_url: string;
  trackings: { id: number }[];
}

async function send(request: APIRequestContext, token: string, method: 'post' | 'put', path: string, data: unknown) {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: unknown }).data;
}

test('[GUEST][e2e][languages]: an English and a Chinese phone read the same printed code in their language; the switcher goes back to Vietnamese', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await newCompanyOwner(request, 'Chủ doanh nghiệp xuất khẩu');
  const token = owner.accessToken;
  const product = (await send(request, token, 'post', '/api/products', {
    name: 'Cà phê Arabica Cầu Đất',
    status: 'ACTIVE',
    origin: 'Cầu Đất, Lâm Đồng',
    category: 'Cà phê',
    trackings: [{ activity: 'Thu hái', location: 'Cầu Đất', date: '2026-10-01', description: '' }],
  })) as Made;
  const step = String(product.trackings[0]?.id);
  await send(request, token, 'put', `/api/companies/${product.companyId}/languages`, { languages: ['en', 'zh-Hans'] });
  await send(request, token, 'put', `/api/products/${product.id}/translations/en`, {
    name: 'Cau Dat Arabica coffee',
    category: 'Coffee',
    steps: { [step]: { activity: 'Harvest' } },
  });
  await send(request, token, 'put', `/api/products/${product.id}/translations/zh-Hans`, {
    name: '求道阿拉比卡咖啡',
    category: '咖啡',
    steps: { [step]: { activity: '采摘' } },
  });
  const path = new URL(product.qr_code_url).pathname;

  const readers = [
    { locale: 'en-US', lang: 'en', name: 'Cau Dat Arabica coffee', words: ['Origin', 'Harvest', 'Coffee'], marker: '(Vietnamese)', signIn: 'Sign in', scan: 'Scan QR code', code: 'Or enter the code printed under the label' },
    { locale: 'zh-CN', lang: 'zh-Hans', name: '求道阿拉比卡咖啡', words: ['产地', '采摘', '咖啡'], marker: '(越南语)', signIn: '登录', scan: '扫描二维码', code: '或输入标签下方印刷的编码' },
  ];
  for (const reader of readers) {
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      locale: reader.locale,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: reader.name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', reader.lang);
    for (const word of reader.words) await expect(page.getByText(word, { exact: true }).first()).toBeVisible();
    // The origin has no translation: the Vietnamese text, marked in the page's language.
    await expect(page.getByText('Cầu Đất, Lâm Đồng').first()).toBeVisible();
    await expect(page.getByText(reader.marker).first()).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
    // The visitor's header speaks the page's language too: its sign-in link is not Vietnamese.
    await expect(page.getByRole('banner').getByRole('link', { name: reader.signIn, exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đăng nhập' })).toHaveCount(0);
    // The light page with this language's strings only: within its 70 kB, no other language's file.
    await page.waitForLoadState('networkidle');
    const scripts = await pageScripts(page);
    expect(scripts.kb).toBeLessThanOrEqual(70);
    const others = readers.filter((r) => r !== reader).map((r) => r.lang);
    expect(scripts.loaded.filter((p) => others.some((o) => p.includes(`/${o}-`)))).toEqual([]);
    expect(scripts.loaded.some((p) => p.includes(`/${reader.lang}-`))).toBe(true);
    await expectAccessiblePage(page, `product page in ${reader.lang}`);
    await page.screenshot({ path: testInfo.outputPath(`product-${reader.lang}.png`), fullPage: true });

    // The scanner is the app's page, not the light page's: it speaks the visitor's language too.
    await page.goto('/scan-qr');
    await expect(page.getByRole('heading', { level: 1, name: reader.scan })).toBeVisible();
    await expect(page.getByLabel(reader.code)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', reader.lang);
    await expectAccessiblePage(page, `scanner in ${reader.lang}`);
    await page.screenshot({ path: testInfo.outputPath(`scanner-${reader.lang}.png`), fullPage: true });
    await page.goto(path);

    // The switcher: Vietnamese, kept for the next page by the server's cookie.
    const switcher = page.getByTestId('language-switcher');
    await switcher.getByRole('link', { name: 'Tiếng Việt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cà phê Arabica Cầu Đất' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByText(reader.marker)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Cà phê Arabica Cầu Đất' })).toBeVisible();
    await context.close();
  }
});
