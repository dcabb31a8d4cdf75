import QRCode from 'qrcode';
import { createActiveUser, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('[USER][e2e][settings]: a user edits the profile and avatar, and changes the password after the old one is checked, staying signed in', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/401/);
  const user = await createActiveUser(page.request, { name: 'Ngô Văn Cũ' });
  await signIn(page, user.email, user.password);
  await page.goto('/settings');

  await page.getByLabel('Họ và tên').fill('Ngô Văn Mới');
  await page.getByLabel('Số điện thoại').fill('0912 345 678');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Đã lưu thông tin cá nhân')).toBeVisible();

  const png = await QRCode.toBuffer('avatar', { width: 200 });
  await page
    .getByLabel('Ảnh đại diện')
    .setInputFiles({ name: 'anh.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Ngô Văn Mới' }).first()).toHaveAttribute(
    'src',
    /^\/uploads\/.+\.png$/,
  );

  // A wrong old password is said under the field, never as a toast.
  await page.getByLabel('Mật khẩu hiện tại').fill('sai-mat-khau-2026');
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Duong-moi-an-toan-2026');
  await page.getByLabel('Nhập lại mật khẩu mới').fill('Duong-moi-an-toan-2026');
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu hiện tại không đúng')).toBeVisible();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);

  await page.getByLabel('Mật khẩu hiện tại').fill(user.password);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Đã đổi mật khẩu')).toBeVisible();

  // The new session was stored: a reload keeps the user here, signed in, with the new name.
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('Họ và tên')).toHaveValue('Ngô Văn Mới');

  // The old token is over; the new password signs in.
  const old = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(old.status()).toBe(401);
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: 'Duong-moi-an-toan-2026' },
  });
  expect(login.status()).toBe(200);
});
