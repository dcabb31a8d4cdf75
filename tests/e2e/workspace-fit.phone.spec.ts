/**
 * The workspace on a 390 px phone (Pixel 7 project): no page scrolls sideways, lists are cards whose
 * actions sit in a menu, dialogs ask before dropping what was typed and give focus back, toasts stay
 * clear of the header, and a new company's first screens lead to its first product.
 */
import type { Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/accounts.ts';
import { addCodes, addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN } from './support/e2e-settings.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Each page, once its heading is on screen, is no wider than the screen, and nothing in it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Đang tải' })).toHaveCount(0);
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${path} is ${scroll}px wide on a ${inner}px screen`).toBeLessThanOrEqual(inner);
  // Nor does anything in it: a wide table inside its own scroll box is a sideways scroll all the same.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(wide, `${path} has boxes that scroll sideways`).toEqual([]);
}

test('[COMPANY_ADMIN][e2e][phone]: every workspace page fits 390 px; a product is edited from its card menu; closing with changes asks first', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request, 'Nguyễn Văn An');
  const product = await addProduct(request, owner.accessToken, {
    name: 'Cà phê Arabica Cầu Đất rang mộc túi lớn',
    tags: ['arabica', 'rang mộc'],
  });
  await addProduct(request, owner.accessToken, { name: 'Trà Shan tuyết', status: 'INACTIVE' });
  await addCodes(request, owner.accessToken, 3);
  await signIn(page, owner.email, PASSWORD);

  // The avatar shows the given name's initial: "Nguyễn Văn An" is called An.
  await expect(page.getByRole('button', { name: 'Mở menu tài khoản' })).toHaveText('A');

  for (const path of [
    '/',
    '/products/manage',
    '/qrs',
    '/users',
    '/company/settings',
    '/settings',
    '/products',
    '/scan-qr',
  ])
    await expectNoSidewaysScroll(page, path);

  // Products are cards: picture, name, status and facts, the actions behind one button.
  await page.goto('/products/manage');
  const cards = page.getByTestId('card-list');
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.getByRole('listitem').filter({ hasText: product.name });
  await expect(card.getByText('Đang hoạt động')).toBeVisible();
  await expect(card.getByText(product.qr_code)).toBeVisible();
  const menuButton = card.getByRole('button', { name: `Thao tác: ${product.name}` });
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Sửa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sửa sản phẩm' });
  await expect(dialog.getByLabel('Tên sản phẩm', { exact: true })).toHaveValue(product.name);

  // Nothing changed: Escape closes at once, and focus is back on the card's menu button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A change: Escape, then 'Hủy', each ask; "Tiếp tục sửa" keeps the text, "Bỏ thay đổi" drops it.
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Sửa' }).click();
  await dialog.getByLabel('Tên sản phẩm', { exact: true }).fill('Cà phê đã sửa');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Bỏ các thay đổi chưa lưu?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Tiếp tục sửa' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Tên sản phẩm', { exact: true })).toHaveValue('Cà phê đã sửa');
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(card).toContainText(product.name);

  // The menu by keyboard: Enter opens it, arrows move, Enter picks; the save's toast stays under the header.
  await menuButton.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sửa' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Tên sản phẩm', { exact: true }).fill('Cà phê Arabica Cầu Đất');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Đã lưu sản phẩm' });
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 64) - 1);
  // The header's buttons stay usable while the toast shows.
  await page.getByRole('button', { name: 'Mở menu tài khoản' }).click();
  await expect(page.getByRole('dialog').getByText('Nguyễn Văn An')).toBeVisible();
  await page.keyboard.press('Escape');

  // QR codes are cards too, with their checkbox and their downloads in the menu.
  await page.goto('/qrs');
  const codeCards = page.getByTestId('card-list').getByRole('listitem');
  await expect(codeCards).toHaveCount(5);
  await page.getByRole('button', { name: `Thao tác: ${product.qr_code}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Tải PNG' })).toHaveAttribute(
    'href',
    `/api/qr/${product.qr_code}.png`,
  );
  await page.keyboard.press('Escape');
});

test('[SUPER_ADMIN][e2e][phone]: the administrator’s pages fit 390 px and users are cards with their menu', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request, 'Trần Thị Bích');
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const path of ['/', '/users', '/products/manage', '/qrs', '/edit-content', '/settings'])
    await expectNoSidewaysScroll(page, path);
  await page.goto('/users');
  // Other journeys' accounts share the list: find this one.
  await page.getByLabel('Tìm kiếm').fill(owner.email);
  const card = page
    .getByTestId('card-list')
    .getByRole('listitem')
    .filter({ hasText: 'Trần Thị Bích' })
    .first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Thao tác: Trần Thị Bích' }).click();
  await expect(page.getByRole('menuitem', { name: 'Xóa' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sửa' }).click();
  await expect(page.getByRole('dialog', { name: 'Sửa người dùng' })).toBeVisible();
});

test('[COMPANY_ADMIN][e2e][phone]: a new company’s dashboard leads to its first product', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request);
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Chào mừng! Bắt đầu với sản phẩm đầu tiên' })).toBeVisible();
  await page.getByRole('link', { name: 'Thêm sản phẩm đầu tiên' }).click();
  await expect(page).toHaveURL(/\/products\/manage$/);
  const dialog = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await dialog.getByLabel('Tên sản phẩm', { exact: true }).fill('Mật ong hoa cà phê');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('card-list')).toContainText('Mật ong hoa cà phê');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Số liệu doanh nghiệp' })).toBeVisible();
  await expect(page.getByText('Chào mừng!')).toHaveCount(0);
});

test('[GUEST][e2e][phone]: the landing page shows the scan button on the first screen and invites businesses', async ({
  page,
}) => {
  await page.goto('/products');
  const scan = page.getByRole('main').getByRole('link', { name: 'Quét mã QR', exact: true });
  await expect(scan).toBeInViewport();
  const box = await scan.boundingBox();
  expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
  await page.getByRole('link', { name: 'Đăng ký để tạo mã QR cho sản phẩm' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up\?business=1$/);
  await expect(page.getByRole('radio', { name: 'Có' })).toBeChecked();
});
