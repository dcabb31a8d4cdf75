import { signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN } from './support/e2e-settings.ts';

test('[SUPER_ADMIN][e2e][layout]: the sidebar toggles between vertical (300px) and mini (130px) and remembers it', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(300);

  await page.getByRole('button', { name: 'Thu gọn thanh bên' }).click();
  await expect(sidebar).toHaveAttribute('data-layout', 'mini');
  expect((await sidebar.boundingBox())?.width).toBe(130);

  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-layout', 'mini');
  await page.getByRole('button', { name: 'Mở rộng thanh bên' }).click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-layout', 'vertical');
  expect((await page.getByTestId('sidebar').boundingBox())?.width).toBe(300);
});

test('[SUPER_ADMIN][e2e][layout]: the menu marks the current page and the header shows its title', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Menu chính' });
  await nav.getByRole('link', { name: 'Người dùng' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(nav.getByRole('link', { name: 'Người dùng' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Trang chủ' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('page-title')).toHaveText('Người dùng');
  expect((await page.getByRole('banner').boundingBox())?.height).toBe(72);
});
