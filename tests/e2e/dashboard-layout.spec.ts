/**
 * A company's dashboard as its owner reads it: the headline figures (recalled-lot scans among them) in
 * one row on a 1440 px desktop, an odd last card across both columns on a 390 px phone, the bar chart's
 * product names on one line (cut with "…", whole in the table), and tooltips that read "Lượt quét: 3".
 */
import { createActiveUser, PASSWORD, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';
import { box } from './support/geometry.ts';

const LONG_NAME = 'Cà phê hạt Arabica Cầu Đất rang mộc túi van một chiều';

test('[COMPANY_ADMIN][e2e][dashboard]: five headline figures in one row, bar names on one line, tooltips read "Lượt quét: 3"; an odd last card spans the phone\'s row', async ({
  page,
  request,
}) => {
  const owner = await newCompanyOwner(request);
  const product = await addProduct(request, owner.accessToken, { name: LONG_NAME });
  const shopper = await createActiveUser(request, { name: 'Người mua' });
  for (let i = 0; i < 3; i++) {
    const scan = await request.get(`/api/products/qr-codes/${product.qr_code}`, {
      headers: { authorization: `Bearer ${shopper.accessToken}` },
    });
    expect(scan.status(), await scan.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/');
  const cards = page.locator('dl').first().locator(':scope > div');
  await expect(cards).toHaveCount(5);
  await expect(cards.last()).toContainText('Lượt quét lô đã thu hồi');
  await expect(cards.nth(3)).toContainText('Tổng lượt quét3');
  const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await box(cards.nth(i))).y));
  for (const y of tops) expect(Math.abs(y - (tops[0] ?? 0))).toBeLessThan(2);

  // The product's name on the bar chart's axis: one line, cut, and whole in the table under the chart.
  const chart = page.getByRole('img', { name: /Sản phẩm được quét nhiều nhất/ });
  const tick = chart.locator('svg text').filter({ hasText: 'Cà phê hạt' });
  await expect(tick).toHaveCount(1);
  await expect(tick).toHaveText(/…$/);
  await expect(tick.locator('tspan')).toHaveCount(0);
  expect((await box(tick)).height).toBeLessThan(20);
  const topSection = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Sản phẩm được quét nhiều nhất' }) });
  await topSection.getByText('Sản phẩm được quét nhiều nhất (dạng bảng)').click();
  await expect(topSection.getByRole('cell', { name: LONG_NAME })).toBeVisible();

  // The bar's tooltip, as Vietnamese writes it.
  const bar = chart.locator('.recharts-bar-rectangle').first();
  await bar.hover();
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('Lượt quét: 3');
  await expectNoAxeViolations(page, 'trang chủ doanh nghiệp, 1440 px');

  // A phone: two columns, the fifth card across both rather than alone on half a row.
  await page.setViewportSize({ width: 390, height: 844 });
  const [first, second, fifth] = await Promise.all([box(cards.nth(0)), box(cards.nth(1)), box(cards.nth(4))]);
  expect(Math.abs(first.y - second.y)).toBeLessThan(2);
  expect(Math.abs(fifth.x - first.x)).toBeLessThan(2);
  expect(Math.abs(fifth.x + fifth.width - (second.x + second.width))).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
