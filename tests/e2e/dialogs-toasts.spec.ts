/**
 * The workspace's dialogs, toasts and list states on a desktop: a dialog with changes asks before
 * closing and gives focus back, tag chips show keyboard focus, a toast belongs to its page and a
 * success replaces the error it resolves, a list that failed says so in place, and a code whose
 * product is not active warns before it is downloaded or printed.
 */
import type { Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/accounts.ts';
import { addCodes, addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

/** What the browser logs for a call `dropNextCall` dropped. */
const DROPPED = /Unknown Error|ERR_FAILED|Failed to fetch/;

/** The next call to a tRPC procedure fails as if the network dropped; the ones after go through. */
async function dropNextCall(page: Page, procedure: string) {
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes(procedure),
    (route) => route.abort('failed'),
    { times: 1 },
  );
}

test('[COMPANY_ADMIN][e2e][dialogs]: a dialog with changes asks on outside click, Escape and Hủy; focus returns to its button; tag chips show focus', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request);
  await addProduct(request, owner.accessToken, { name: 'Cà phê Robusta', tags: ['arabica', 'rang mộc'] });
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/products/manage');

  const add = page.getByRole('button', { name: 'Thêm sản phẩm' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await dialog.getByLabel('Tên sản phẩm', { exact: true }).fill('Gạo ST25');
  const ask = page.getByRole('alertdialog', { name: 'Bỏ các thay đổi chưa lưu?' });
  // A click outside the dialog.
  await page.mouse.click(8, 450);
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Tiếp tục sửa' })).toBeFocused();
  await ask.getByRole('button', { name: 'Tiếp tục sửa' }).click();
  await expect(dialog.getByLabel('Tên sản phẩm', { exact: true })).toHaveValue('Gạo ST25');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // The edit dialog: the tag chips are reached by Tab and show where the focus is.
  const edit = page.getByRole('button', { name: 'Sửa Cà phê Robusta' });
  await edit.click();
  const editor = page.getByRole('dialog', { name: 'Sửa sản phẩm' });
  await editor.getByLabel('Tên sản phẩm', { exact: true }).focus();
  const chip = editor.getByRole('checkbox', { name: 'arabica' });
  for (let i = 0; i < 15 && !(await chip.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(chip).toBeFocused();
  const outline = await chip.evaluate((el) => {
    const style = getComputedStyle(el.closest('label') as HTMLElement);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect(chip).not.toBeChecked();
  // Unticking a tag is a change: 'Hủy' asks too.
  await editor.getByRole('button', { name: 'Hủy' }).click();
  await ask.getByRole('button', { name: 'Bỏ thay đổi' }).click();
  await expect(editor).toBeHidden();
  await expect(edit).toBeFocused();
});

test('[COMPANY_ADMIN][e2e][toasts]: a success replaces the error it resolves; moving to another page dismisses toasts', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(DROPPED);
  const owner = await newCompanyOwner(request);
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/products/manage');
  await page.getByRole('button', { name: 'Thêm sản phẩm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await dialog.getByLabel('Tên sản phẩm', { exact: true }).fill('Nước mắm Phú Quốc');

  await dropNextCall(page, 'products.create');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Lỗi không xác định' });
  await expect(error).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Đã thêm sản phẩm' })).toBeVisible();
  await expect(error).toHaveCount(0);

  // A toast of this page goes when the user moves on.
  await dropNextCall(page, 'shortLinks.create');
  await page.goto('/qrs');
  await page.getByRole('button', { name: 'Tạo mã' }).click();
  await expect(error).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Quản lý sản phẩm' }).click();
  await expect(page).toHaveURL(/\/products\/manage$/);
  await expect(error).toHaveCount(0);
});

test('[COMPANY_ADMIN][e2e][lists]: a list that fails to load says so in place and "Thử lại" loads it', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(DROPPED);
  const owner = await newCompanyOwner(request);
  await addCodes(request, owner.accessToken, 2);
  await signIn(page, owner.email, PASSWORD);
  await dropNextCall(page, 'shortLinks.list');
  await page.goto('/qrs');
  const failed = page.getByRole('alert').filter({ hasText: 'Không tải được danh sách' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Thử lại' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Chưa gắn/ })).toHaveCount(2);
});

test('[COMPANY_ADMIN][e2e][qrs]: the code of an inactive product warns before download and print; its public page explains the three causes', async ({
  page,
  request,
  browser,
}) => {
  const owner = await newCompanyOwner(request);
  const off = await addProduct(request, owner.accessToken, { name: 'Trà Shan tuyết', status: 'INACTIVE' });
  await addProduct(request, owner.accessToken, { name: 'Cà phê Robusta' });
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/qrs');
  const row = page.getByRole('row', { name: new RegExp(off.qr_code) });
  await expect(row.getByText('Sản phẩm ngừng hoạt động')).toBeVisible();

  await row.getByRole('button', { name: 'Tải PNG' }).click();
  const warn = page.getByRole('alertdialog', { name: 'Sản phẩm đang ngừng hoạt động' });
  await expect(warn).toContainText('sẽ thấy "Không tìm thấy sản phẩm"');
  const download = page.waitForEvent('download');
  await warn.getByRole('button', { name: 'Vẫn tải' }).click();
  expect((await download).suggestedFilename()).toBe(`${off.qr_code}.png`);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'In 1 mã đã chọn' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '1 mã thuộc sản phẩm đang ngừng hoạt động' }),
  ).toContainText('Trà Shan tuyết');
  await page.getByRole('button', { name: 'Quay lại' }).click();

  // The product's own dialog says the same next to its downloads.
  await page.goto('/products/manage');
  await page.getByRole('button', { name: 'Sửa Trà Shan tuyết' }).click();
  await expect(page.getByRole('note')).toContainText('người quét mã này sẽ thấy "Không tìm thấy sản phẩm"');

  // A shopper scanning it: the app's header, three causes told apart, no company named.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/redirect/${off.qr_code}`);
  await expect(shopper.getByRole('heading', { name: 'Không tìm thấy sản phẩm' })).toBeVisible();
  await expect(shopper.getByRole('banner')).toBeVisible();
  for (const cause of [
    'Mã không có trong hệ thống',
    'Mã chưa được gắn với sản phẩm',
    'Sản phẩm đang ngừng hoạt động',
  ])
    await expect(shopper.getByText(cause, { exact: true })).toBeVisible();
  await expect(shopper.getByRole('main')).not.toContainText('Công ty E2E');
  await expect(shopper.getByRole('main')).not.toContainText('Trà Shan tuyết');
  await shopper.context().close();
});

test('[COMPANY_ADMIN][e2e][workspace]: at 1440 px the sort box shows its whole choice; the donut has a legend', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await newCompanyOwner(request);
  await addProduct(request, owner.accessToken, { name: 'Cà phê Robusta' });
  await addProduct(request, owner.accessToken, { name: 'Trà Shan tuyết', status: 'INACTIVE' });
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/products/manage');
  for (const [label, choice] of [
    ['Trạng thái', 'Tất cả trạng thái'],
    ['Sắp xếp theo', 'Ngày cập nhật'],
    ['Thứ tự', 'Giảm dần'],
  ] as const) {
    const select = page.getByLabel(label, { exact: true });
    await select.selectOption({ label: choice });
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = ctx.measureText(el.selectedOptions[0]?.text ?? '').width;
      // Room for the text: the box less its padding and the arrow (about 24 px).
      return (
        text <=
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 24 + 1
      );
    });
    expect(fits, `"${choice}" is cut in "${label}"`).toBe(true);
  }
  await page.goto('/');
  await expect(page.getByText('Đang hoạt động: 1')).toBeVisible();
  await expect(page.getByText('Ngừng hoạt động: 1')).toBeVisible();
});
