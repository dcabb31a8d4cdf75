/**
 * The workspace's tables on a 1440 px desktop: a row's actions are one button and a menu, on one line,
 * the menu reached and used with the keyboard alone; badges stay on one line; toasts never cover the
 * page's main buttons, and speak in the app's font.
 */
import { PASSWORD, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';
import { box } from './support/geometry.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test("[COMPANY_ADMIN][e2e][a11y]: a row's actions are its first one and a menu, on one line, used with the keyboard alone; toasts keep clear of the page's buttons", async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request);
  const product = await addProduct(request, owner.accessToken, {
    name: 'Cà phê hạt Arabica Cầu Đất rang mộc',
  });
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  for (const code of ['L2405A', 'L2406B']) {
    const made = await request.post('/api/lots', { headers, data: { productId: product.id, code } });
    expect(made.status(), await made.text()).toBe(201);
  }
  await signIn(page, owner.email, PASSWORD);
  await page.goto(`/products/manage/${product.id}/lots`);

  const row = page.getByRole('row', { name: /L2405A/ });
  const edit = row.getByRole('button', { name: 'Sửa L2405A' });
  const more = row.getByRole('button', { name: 'Thao tác: L2405A' });
  await expect(edit).toBeVisible();
  // One line: the button and the menu side by side, the badge one line high.
  const [e, m, badge] = await Promise.all([box(edit), box(more), box(row.getByText('Đang lưu hành'))]);
  expect(Math.abs(e.y + e.height / 2 - (m.y + m.height / 2))).toBeLessThan(2);
  expect(badge.height).toBeLessThan(24);
  // The other actions are in the menu only.
  await expect(row.getByRole('button', { name: 'Thu hồi L2405A' })).toHaveCount(0);

  // The keyboard alone: Tab from the first action to the menu, Enter opens it on its first item.
  await edit.focus();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Thao tác: L2405A' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Thu hồi',
    'Tạo mã QR cho lô',
    'Trang công khai',
    'Xóa',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Thu hồi' })).toBeFocused();
  await expectNoAxeViolations(page, 'menu thao tác của lô');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Tạo mã QR cho lô' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  // Radix moves the focus on the next task after an arrow key: Enter before it lands chooses the item below.
  await expect(menu.getByRole('menuitem', { name: 'Thu hồi' })).toBeFocused();
  await page.keyboard.press('Enter');
  const recall = page.getByRole('dialog', { name: 'Thu hồi lô L2405A?' });
  await expect(recall).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(recall).toBeHidden();
  await expect(more).toBeFocused();
  // Escape closes the menu and gives the focus back too.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Two toasts in a row: neither covers "Thêm lô hàng", and both are in the app's font.
  for (const code of ['L2405A', 'L2406B']) {
    await page.getByRole('button', { name: `Thao tác: ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Tạo mã QR cho lô' }).click();
  }
  const toasts = page.getByRole('alert').filter({ hasText: 'Tạo mã QR cho lô hàng thành công' });
  await expect(toasts).toHaveCount(2);
  const add = await box(page.getByRole('button', { name: 'Thêm lô hàng' }));
  for (const toast of await toasts.all()) {
    const t = await box(toast);
    const overlaps =
      t.x < add.x + add.width && add.x < t.x + t.width && t.y < add.y + add.height && add.y < t.y + t.height;
    expect(overlaps, 'a toast covers "Thêm lô hàng"').toBe(false);
  }
  const fonts = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    toast: getComputedStyle(document.querySelector('.Toastify__toast') as Element).fontFamily,
  }));
  expect(fonts.toast).toBe(fonts.body);
});
