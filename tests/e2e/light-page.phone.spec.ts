/**
 * The light page (decision 140) on a phone: the public pages opened by address run the light build
 * (light.html's entry, Preact, at most 70 kB of gzipped JavaScript), while a link into the rest of
 * the app (the scanner, sign-in) is a full page load that gets the app.
 */
import { createActiveUser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { pageScripts as scripts } from './support/scripts.ts';

const lightEntry = /\/assets\/light-[\w-]+\.js$/;
const appEntry = /\/assets\/index-[\w-]+\.js$/;


test('[GUEST][e2e][light]: the public pages run the light page within 70 kB; the scanner and sign-in are the app', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ doanh nghiệp' });
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: { name: 'Chè Shan tuyết', status: 'ACTIVE', origin: 'Hà Giang' },
  });
  const product = ((await res.json()) as { data: { id: number; companyId: number; qr_code_url: string } })
    .data;

  for (const path of [
    `/products/details/${product.id}`,
    new URL(product.qr_code_url).pathname,
    `/company/details/${product.companyId}`,
    '/products',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { entries, kb } = await scripts(page);
    expect(entries, path).toEqual([expect.stringMatching(lightEntry)]);
    expect(kb, path).toBeLessThanOrEqual(70);
  }
  // The history page, with the printed code's scan kept on the phone.
  await expect(page.getByRole('link', { name: /Chè Shan tuyết/ })).toBeVisible();

  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByTestId('mobile-nav').getByRole('link', { name: 'Quét mã QR' }).click();
  await expect(page).toHaveURL(/\/scan-qr$/);
  await expect(page.getByRole('heading', { name: 'Quét mã QR' })).toBeVisible();
  expect((await scripts(page)).entries).toEqual([expect.stringMatching(appEntry)]);

  await page.goto(`/products/details/${product.id}`);
  await page.getByRole('link', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  expect((await scripts(page)).entries).toEqual([expect.stringMatching(appEntry)]);
});
