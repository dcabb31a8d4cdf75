/**
 * The main journeys with the keyboard alone (docs/accessibility.md): signing in, adding a product and
 * scanning by the printed code, each control reached with Tab and showing where the focus is; the open
 * dialog passes axe and gives the focus back to its opener; the product's journey is read as a list of
 * named steps; less motion when asked for.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { createActiveUser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Presses Tab until `target` has the focus (at most `max` times) and checks that the focus can be seen
 * there: an outline or a ring on the element, or, for an input hidden behind its label, on that label.
 */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expect
        .poll(() => target.evaluate(focusShows), { message: 'the focused control shows its focus' })
        .toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Runs in the page: does the focused element (or the label that stands for it) draw a focus mark? */
function focusShows(el: Element): boolean {
  const marked = (e: Element | null) => {
    if (!e) return false;
    const s = getComputedStyle(e);
    const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
  };
  const box = el.getBoundingClientRect();
  if (box.width > 2 && box.height > 2) return marked(el);
  const input = el as HTMLInputElement;
  return [...(input.labels ?? [])].some(marked);
}

/** An ACTIVE product of the token's company, made over REST. */
async function createProduct(
  request: APIRequestContext,
  token: string,
  data: { name: string; trackings?: unknown[] },
): Promise<{ qr_code: string }> {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'ACTIVE', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { qr_code: string } }).data;
}

test('[COMPANY_ADMIN][e2e][a11y]: signs in and adds a product with the keyboard alone; the dialog passes axe and gives the focus back', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true, name: 'Bàn Phím' });
  await page.goto('/auth/sign-in');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(admin.email);
  await tabTo(page, page.getByLabel('Mật khẩu'));
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);

  await page.goto('/products/manage');
  const add = page.getByRole('button', { name: 'Thêm sản phẩm' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, 'hộp thoại thêm sản phẩm');

  // Saving with no name: the error is tied to the field and said where it is.
  const name = form.getByLabel('Tên sản phẩm', { exact: true });
  await tabTo(page, form.getByRole('button', { name: 'Lưu' }));
  await page.keyboard.press('Enter');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/.+/);
  const description = await name.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${description}"]`)).toHaveAttribute('aria-live', 'polite');

  await name.focus();
  await page.keyboard.type('Trà Shan tuyết Hà Giang');
  await tabTo(page, form.getByRole('button', { name: 'Thêm bước' }));
  await page.keyboard.press('Enter');
  const step = form.getByRole('listitem', { name: 'Bước 1' });
  await tabTo(page, step.getByLabel('Hoạt động'));
  await page.keyboard.type('Hái chè');
  await tabTo(page, form.getByRole('button', { name: 'Lưu' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Đã thêm sản phẩm')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Trà Shan tuyết Hà Giang/ })).toBeVisible();
  await expect(add).toBeFocused();
});

test('[GUEST][e2e][a11y]: scans by the printed code with the keyboard and hears the journey as a list of named steps', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request, { business: true });
  const product = await createProduct(request, owner.accessToken, {
    name: 'Nước mắm Phú Quốc',
    trackings: [
      { activity: 'Ủ chượp', location: 'Phú Quốc', date: '2025-01-10', description: '' },
      { activity: 'Đóng chai', location: 'Phú Quốc', date: '2025-09-01', description: '' },
    ],
  });

  // No camera here: the page says so, and the photo and the typed code remain, each reached by Tab.
  await page.goto('/scan-qr');
  await expect(page.getByRole('alert')).toBeVisible();
  await tabTo(page, page.getByLabel('Chọn ảnh mã QR'));
  await tabTo(page, page.getByLabel('Hoặc nhập mã in dưới tem'));
  await page.keyboard.type(product.qr_code);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Nước mắm Phú Quốc' })).toBeVisible();
  const journey = page.getByRole('region', { name: 'Hành trình sản phẩm' });
  const steps = journey.getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0).getByRole('heading', { level: 3 })).toHaveText('Ủ chượp');
  await expect(steps.nth(0)).toContainText('10/01/2025 · Phú Quốc');
  await expect(steps.nth(1).getByRole('heading', { level: 3 })).toHaveText('Đóng chai');
  await tabTo(page, page.getByRole('link', { name: 'Công ty E2E' }));
});

test('[GUEST][e2e][a11y]: asked for less motion, transitions end at once; otherwise they run', async ({
  page,
}) => {
  const duration = () =>
    page.getByRole('button', { name: 'Đăng nhập' }).evaluate((el) => getComputedStyle(el).transitionDuration);
  await page.goto('/auth/sign-in');
  expect(await duration()).toBe('0.15s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await duration()).toBe('0.001s');
});

test('[COMPANY_ADMIN][e2e][a11y]: Tab never stops inside a chart; each chart is a named image tied to its table', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  await createProduct(request, admin.accessToken, { name: 'Bưởi Diễn' });
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Mật khẩu').fill(admin.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('heading', { name: 'Số liệu doanh nghiệp' })).toBeVisible();
  const charts = page.getByRole('img', { name: /^Biểu đồ: / });
  await expect(charts).toHaveCount(3);
  // The pie is drawn (one active product): its sectors were the ones that took the focus.
  await expect(charts.nth(2).locator('.recharts-pie')).toBeVisible();
  for (const chart of await charts.all()) {
    const table = await chart.getAttribute('aria-details');
    await expect(page.locator(`details[id="${table}"] table`)).toBeAttached();
  }
  const insideChart: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() =>
      document.activeElement?.closest('[role="img"]')?.getAttribute('aria-label'),
    );
    if (where) insideChart.push(where);
  }
  expect(insideChart).toEqual([]);
});
