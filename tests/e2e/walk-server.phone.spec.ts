/**
 * On a phone: a company's public page lists its products in Vietnamese order ("Cà phê Đắk Lắk" before
 * "Cà phê Robusta"), and the product page a shopper shares names the product for link previews.
 */
import { createActiveUser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('[GUEST][e2e][public]: the company page lists "Cà phê Đắk Lắk" before "Cà phê Robusta"', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request, { business: true });
  let companyId = 0;
  for (const name of ['Cà phê Robusta', 'Ăn vặt Tây Nguyên', 'Cà phê Đắk Lắk', 'Bơ sáp']) {
    const res = await request.post('/api/products', {
      headers: { authorization: `Bearer ${owner.accessToken}` },
      data: { name, status: 'ACTIVE', origin: 'Tây Nguyên' },
    });
    expect(res.status(), await res.text()).toBe(201);
    companyId = ((await res.json()) as { data: { companyId: number } }).data.companyId;
  }
  await page.goto(`/company/details/${companyId}`);
  await expect(page.getByText('Cà phê Robusta').filter({ visible: true }).first()).toBeVisible();
  const names = (
    await page
      .getByText(/^(Cà phê Robusta|Ăn vặt Tây Nguyên|Cà phê Đắk Lắk|Bơ sáp)$/)
      .filter({ visible: true })
      .allInnerTexts()
  ).map((t) => t.trim());
  expect(names).toEqual(['Ăn vặt Tây Nguyên', 'Bơ sáp', 'Cà phê Đắk Lắk', 'Cà phê Robusta']);

  // The product page opened from there names the product in its title and its preview tags.
  await page.getByText('Cà phê Đắk Lắk').filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cà phê Đắk Lắk' })).toBeVisible();
  const html = await (await request.get(new URL(page.url()).pathname)).text();
  expect(html).toContain('<title>Cà phê Đắk Lắk | Truy xuất nguồn gốc</title>');
  expect(html).toContain('<meta property="og:title" content="Cà phê Đắk Lắk" />');
  expect(html).toContain(
    `<meta property="og:url" content="${test.info().project.use.baseURL}${new URL(page.url()).pathname}" />`,
  );
});
