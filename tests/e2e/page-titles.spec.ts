/**
 * Every public page names its product, lot or company in the browser's tab and in a shared link's
 * preview: in the server's HTML before any script runs, once the page runs, and after moving between
 * the pages inside the app.
 */
import type { Page } from '@playwright/test';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

const APP = 'Truy xuất nguồn gốc';

/** The page's HTML as the server sent it: its <title> and og:title. */
async function firstLoad(page: Page, path: string) {
  const response = await page.goto(path);
  const html = (await response?.text()) ?? '';
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    ogTitle: /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1],
  };
}

test('[GUEST][e2e][titles]: a product, a lot and a company are named in the tab on first load and after moving between them', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request, 'Chủ HTX');
  const product = await addProduct(request, owner.accessToken, { name: 'Chè Shan tuyết Hà Giang' });
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const made = await request.post('/api/lots', { headers, data: { productId: product.id, code: 'L2405A' } });
  const lot = ((await made.json()) as { data: { id: number } }).data;
  const companyId = (
    (await (await request.get(`/api/products/${product.id}`, { headers })).json()) as {
      data: { companyId: number };
    }
  ).data.companyId;

  const lotName = `Lô L2405A · ${product.name}`;
  const pages = [
    { path: `/products/details/${product.id}`, name: product.name },
    { path: `/lots/${lot.id}`, name: lotName },
    { path: `/company/details/${companyId}`, name: 'Công ty E2E' },
  ];
  for (const { path, name } of pages) {
    expect(await firstLoad(page, path), path).toEqual({ title: `${name} | ${APP}`, ogTitle: name });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page, path).toHaveTitle(`${name} | ${APP}`);
  }

  // Inside the app: the lot's page to its product, to its company, to the product from the company's list.
  await page.goto(`/lots/${lot.id}`);
  await expect(page).toHaveTitle(`${lotName} | ${APP}`);
  await page.getByRole('link', { name: 'Xem trang sản phẩm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} | ${APP}`);
  await page.getByRole('link', { name: 'Công ty E2E' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Công ty E2E' })).toBeVisible();
  await expect(page).toHaveTitle(`Công ty E2E | ${APP}`);
  await page.getByRole('link', { name: new RegExp(product.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/products/details/${product.id}$`));
  await expect(page).toHaveTitle(`${product.name} | ${APP}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Công ty E2E | ${APP}`);

  // A recalled lot says so first in its tab.
  await request.post(`/api/lots/${lot.id}/recall`, { headers, data: { reason: 'Phát hiện nấm mốc' } });
  expect((await firstLoad(page, `/lots/${lot.id}`)).title).toBe(`Đã thu hồi: ${lotName} | ${APP}`);
  await expect(page).toHaveTitle(`Đã thu hồi: ${lotName} | ${APP}`);
});
