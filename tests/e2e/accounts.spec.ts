import { createActiveUser, PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { resetLink, verificationCode } from './support/outbox.ts';

test('[COMPANY_ADMIN][e2e][accounts]: a business signs up, verifies the mailed code, lands on the dashboard and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('biz');
  const since = Date.now() - 1000;
  await page.goto('/auth/sign-up');
  await expect(page.getByText('Bạn là doanh nghiệp?')).toBeVisible();
  await page.getByLabel('Có').check();
  await page.getByRole('button', { name: 'Tiếp tục' }).click();

  await page.getByLabel('Họ và tên').fill('Lê Thị Hoa');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Xác nhận mật khẩu').fill('khong-khop-2026');
  await page.getByLabel('Tên doanh nghiệp').fill('Hợp tác xã Chè Tân Cương');
  await page.getByLabel('Người đại diện').fill('Lê Thị Hoa');
  await page.getByLabel('Địa chỉ').fill('Tân Cương, Thái Nguyên');
  await page.getByLabel('Email doanh nghiệp').fill(email);
  await page.getByLabel('Số giấy phép kinh doanh').fill('4600123456');
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  // Field errors in Vietnamese, nothing sent yet.
  await expect(page.getByText('Mật khẩu xác nhận không khớp')).toBeVisible();
  await expect(page.getByText('Bạn cần đồng ý với điều khoản dịch vụ')).toBeVisible();

  await page.getByLabel('Xác nhận mật khẩu').fill(PASSWORD);
  await page.getByLabel('Tôi đồng ý với').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();

  await expect(page.getByRole('heading', { name: 'Xác thực email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Gửi lại mã sau \d+ giây/ })).toBeDisabled();
  await page.getByLabel('Mã xác thực').fill(await verificationCode(email, since));
  await page.getByRole('button', { name: 'Xác thực' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Trang chủ' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Cài đặt doanh nghiệp' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Mở menu tài khoản' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Lê Thị Hoa')).toBeVisible();
  await expect(drawer.getByText(email)).toBeVisible();
  await drawer.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  // The remembered e-mail is offered again.
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('[USER][e2e][accounts]: forgot password, reset from the mailed link, sign in with the new password', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // Opening the used link again is answered 400 on purpose; the browser logs that.
  allowConsoleError(/status of 400/);
  const user = await createActiveUser(request);
  const since = Date.now() - 1000;
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByRole('status')).toContainText('liên kết đặt lại mật khẩu đã được gửi');

  const link = new URL(await resetLink(user.email, since));
  await page.goto(link.pathname);
  const newPassword = 'Mat-khau-moi-E2E-9!';
  await page.getByLabel('Mật khẩu', { exact: true }).fill(newPassword);
  await page.getByLabel('Xác nhận mật khẩu').fill(newPassword);
  await page.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByText('Đặt lại mật khẩu thành công, vui lòng đăng nhập')).toBeVisible();

  // The link is single-use: opening it again says so clearly.
  await page.goto(link.pathname);
  await expect(
    page.getByRole('alert').filter({ hasText: 'không hợp lệ, đã hết hạn hoặc đã được sử dụng' }),
  ).toBeVisible();

  await signIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Sản phẩm đã quét' })).toBeVisible();
});

test('[GUEST][e2e][guards]: a visitor opening /users is sent to sign-in', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\/sign-in\?next=%2Fusers$/);
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
});

test('[GUEST][e2e][routes]: an unknown path ends at /404', async ({ page }) => {
  await page.goto('/khong/co/trang/nay');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
});
