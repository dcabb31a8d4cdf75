import { createActiveUser, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('[GUEST][e2e][phone]: on a phone the menu is a 320px drawer that closes after choosing a page', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Sản phẩm đã quét' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  expect((await page.getByRole('banner').boundingBox())?.height).toBe(64);

  await page.getByRole('button', { name: 'Mở menu' }).click();
  const drawer = page.getByTestId('mobile-nav');
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(320);
  await expect(drawer.getByRole('link', { name: 'Sản phẩm đã quét' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await drawer.getByRole('link', { name: 'Quét mã QR' }).click();
  await expect(page).toHaveURL(/\/scan-qr$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Quét mã QR' })).toBeVisible();
});

test('[USER][e2e][phone]: a user signs in on a phone, opens the account drawer and closes it on the backdrop', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request, { name: 'Phạm Minh' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Mở menu tài khoản' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Phạm Minh')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
  await page.mouse.click(20, 300);
  await expect(drawer).toBeHidden();
});
