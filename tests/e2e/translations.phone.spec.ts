/**
 * Translations on a phone (issue 33, decision 213): a company turns English on for its public pages,
 * translates its product's name and one timeline step beside the Vietnamese, and sees what is missing in
 * English drop; the editor fits 390 px and passes axe.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { PASSWORD, signIn } from './support/accounts.ts';
import { newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing in `box` (and not the page) is wider than the screen. */
async function expectFits(page: Page, box: Locator, what: string) {
  const inner = await page.evaluate(() => window.innerWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(inner);
  const wide = await box.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX),
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(wide, `${what}: boxes that scroll sideways`).toEqual([]);
}

test('[COMPANY_ADMIN][e2e][phone][translations]: English turned on, a product name and a step translated beside the Vietnamese, "Còn thiếu" drops', async ({
  page,
  request,
}, testInfo) => {
  // Two axe runs and a dialog on a shared machine.
  test.setTimeout(180_000);
  const owner = await newCompanyOwner(request, 'Nguyễn Thị Hoa');
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const made = await request.post('/api/products', {
    headers,
    data: {
      name: 'Cà phê Arabica Cầu Đất rang mộc',
      status: 'ACTIVE',
      origin: 'Cầu Đất, Lâm Đồng',
      trackings: [{ activity: 'Thu hái quả chín', location: 'Cầu Đất', date: '2024-04-20', description: '' }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const product = ((await made.json()) as { data: { id: number; name: string } }).data;
  await signIn(page, owner.email, PASSWORD);

  // Company settings: Vietnamese always on; English chosen and saved.
  await page.goto('/company/settings');
  const languages = page.getByRole('group', { name: 'Ngôn ngữ trang công khai' });
  await expect(languages.getByLabel('Tiếng Việt (luôn bật)')).toBeChecked();
  await expect(languages.getByLabel('Tiếng Việt (luôn bật)')).toBeDisabled();
  await languages.getByLabel('Tiếng Anh (English)').check();
  await page.getByRole('button', { name: 'Lưu ngôn ngữ' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Đã lưu ngôn ngữ trang công khai' })).toBeVisible();
  const profile = page.getByTestId('translation-editor');
  await expect(profile.getByRole('heading', { name: 'Bản dịch thông tin doanh nghiệp' })).toBeVisible();
  await expectFits(page, page.locator('main'), 'company settings');
  await expectNoAxeViolations(
    page,
    'company settings with the languages and the profile translation (phone)',
  );
  await page.screenshot({ path: testInfo.outputPath('company-settings-390.png'), fullPage: true });

  // The product's translations, from its menu: English first, side by side with the Vietnamese.
  await page.goto('/products/manage');
  await page.getByRole('button', { name: `Thao tác: ${product.name}` }).click();
  await page.getByRole('menuitem', { name: 'Bản dịch', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bản dịch sản phẩm' });
  const editor = dialog.getByTestId('translation-editor');
  const english = editor.getByRole('tab', { name: /English/ });
  await english.scrollIntoViewIfNeeded();
  // Name, origin, and the step's activity and location.
  await expect(english).toContainText('Còn thiếu 4 trường');
  await expect(editor.getByRole('tab', { name: /简体中文/ })).toContainText('Còn thiếu 4 trường');
  const panel = editor.getByRole('tabpanel');
  await expect(panel.getByText(product.name, { exact: true })).toHaveAttribute('lang', 'vi');
  const name = panel.getByLabel('Tên sản phẩm English');
  await expect(name).toHaveAttribute('lang', 'en');
  await name.fill('Cau Dat Arabica coffee, natural roast');
  const step = panel.getByRole('listitem', { name: /Bước 1/ });
  await step.getByLabel('Hoạt động English').fill('Picking ripe cherries');
  await expect(english).toContainText('Còn thiếu 2 trường');
  await english.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('product-translation-tabs-390.png') });
  await panel.getByRole('button', { name: 'Lưu bản dịch English' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Đã lưu bản dịch English' })).toBeVisible();
  await expect(panel.getByText('Có thay đổi chưa lưu')).toHaveCount(0);
  await expect(english).toContainText('Còn thiếu 2 trường');
  await expectFits(page, dialog, 'the product dialog with its translation');
  await step.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'product translation editor (phone)');
  await page.screenshot({ path: testInfo.outputPath('product-translation-390.png') });

  // Saved as the contract says: the name, and the step by its id.
  const answer = await request.get(`/api/products/${product.id}`, { headers });
  const saved = (
    (await answer.json()) as {
      data: {
        trackings: { id: number }[];
        translations: { en?: { name?: string; steps?: Record<string, unknown> } };
      };
    }
  ).data;
  expect(saved.translations.en?.name).toBe('Cau Dat Arabica coffee, natural roast');
  expect(saved.translations.en?.steps).toEqual({
    [String(saved.trackings[0]?.id)]: { activity: 'Picking ripe cherries' },
  });

  // Closed and opened again: what was saved is there, and Chinese still lacks everything.
  await dialog.getByRole('button', { name: 'Đóng' }).last().click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Thao tác: ${product.name}` }).click();
  await page.getByRole('menuitem', { name: 'Bản dịch', exact: true }).click();
  await expect(dialog.getByTestId('translation-editor').getByLabel('Tên sản phẩm English')).toHaveValue(
    'Cau Dat Arabica coffee, natural roast',
  );
  // From md up the Vietnamese and the translation stand side by side.
  await page.setViewportSize({ width: 1024, height: 900 });
  const source = dialog.getByTestId('translation-editor').getByText(product.name, { exact: true }).last();
  const input = dialog.getByLabel('Tên sản phẩm English');
  await input.scrollIntoViewIfNeeded();
  const [left, right] = [await source.boundingBox(), await input.boundingBox()];
  expect(right?.x ?? 0).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
  expect(Math.abs((right?.y ?? 0) - (left?.y ?? 0))).toBeLessThan(40);
  await page.screenshot({ path: testInfo.outputPath('product-translation-1024.png') });
});
