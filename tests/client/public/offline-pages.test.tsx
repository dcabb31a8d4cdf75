import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PageBoundary } from '#client/components/layout/page-boundary.tsx';
import { keepPage, keptPage } from '#client/features/offline/kept-pages.ts';
import { productAnswer } from '#tests/client/public/product-answer.ts';
import { httpError, NO_NETWORK, renderApp } from '#tests/client/render-app.tsx';

/**
 * With no network (decision 187): a product or lot page opened before shows its kept copy under a
 * notice with the copy's time; any other page says "Không có mạng" with a retry; with a network the
 * server's answer always wins, and its "not found" drops the copy.
 */
const product = productAnswer;
const lot = {
  id: 4,
  code: 'L2405A',
  productionDate: null,
  expiryDate: null,
  expiryKind: 'EXPIRY',
  recalled: true,
  recalledAt: '2026-11-20T03:00:00.000Z',
  recallReason: 'Phát hiện nấm mốc',
  events: [],
};
// 09:30 on 20/11/2026 in Vietnam.
const KEPT_AT = Date.parse('2026-11-20T02:30:00.000Z');

const online = (on: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(on);

afterEach(() => {
  vi.restoreAllMocks();
  document.title = '';
});

describe('[client][offline]: product and lot pages from their kept copy', () => {
  it('[GUEST][offline]: a product page keeps each answer the server gives it, and shows no notice', async () => {
    renderApp('/products/details/7', { 'publicProducts.byId': () => product });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    await waitFor(() => expect(keptPage('product', 7)?.data).toMatchObject({ name: product.name }));
    expect(screen.queryByTestId('kept-copy')).toBeNull();
  });

  it('[GUEST][offline]: offline, the copy shows, marked with its time, and the tab names the product', async () => {
    keepPage('product', 7, product, KEPT_AT);
    renderApp('/products/details/7', { 'publicProducts.byId': NO_NETWORK });
    const notice = await screen.findByTestId('kept-copy');
    expect(notice.textContent).toContain('Bản lưu lúc 09:30 20/11/2026, có thể đã cũ.');
    expect(within(notice).getByRole('button', { name: 'Tải bản mới' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc'));
  });

  it("[GUEST][offline]: a lot's copy keeps its recall first after the notice", async () => {
    keepPage('lot', 4, { lot, product }, KEPT_AT);
    renderApp('/lots/4', { 'lots.publicById': NO_NETWORK });
    expect(await screen.findByTestId('kept-copy')).toBeTruthy();
    expect(screen.getByText('Lô hàng này đã bị thu hồi')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lô L2405A' })).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Đã thu hồi: Lô L2405A · Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc'),
    );
  });

  it('[GUEST][offline]: with a network the server answers, never the copy; its "not found" drops the copy', async () => {
    keepPage('product', 7, product, KEPT_AT);
    renderApp('/products/details/7', { 'publicProducts.byId': httpError(404, 'Không tìm thấy sản phẩm') });
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy sản phẩm' })).toBeTruthy();
    expect(screen.queryByTestId('kept-copy')).toBeNull();
    await waitFor(() => expect(keptPage('product', 7)).toBeNull());
  });

  it('[GUEST][offline]: a page never opened says "Không có mạng" with a retry, as does a company page', async () => {
    renderApp('/products/details/8', { 'publicProducts.byId': NO_NETWORK });
    expect(await screen.findByRole('heading', { name: 'Không có mạng' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeTruthy();
  });

  it('[GUEST][offline]: a company page offline says "Không có mạng", not "not found"', async () => {
    renderApp('/company/details/3', {
      'companies.byId': NO_NETWORK,
      'publicProducts.companyProducts': NO_NETWORK,
    });
    expect(await screen.findByRole('heading', { name: 'Không có mạng' })).toBeTruthy();
    expect(screen.queryByText('Không tìm thấy doanh nghiệp')).toBeNull();
  });

  it("[GUEST][offline]: a printed code opened offline opens its product's copy", async () => {
    keepPage('product', 7, product, KEPT_AT);
    const { location } = renderApp('/redirect/abcd1234efgh', {
      'products.resolve': NO_NETWORK,
      'publicProducts.byId': NO_NETWORK,
    });
    expect(await screen.findByTestId('kept-copy')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/products/details/7');
  });

  it('[GUEST][offline]: an unknown printed code opened offline says "Không có mạng"', async () => {
    renderApp('/redirect/zzzz1234zzzz', { 'products.resolve': NO_NETWORK });
    expect(await screen.findByRole('heading', { name: 'Không có mạng' })).toBeTruthy();
  });
});

/** A page whose code did not arrive: what React.lazy throws then. */
function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/users-1.js');
}

describe('[client][offline]: a page that cannot be drawn', () => {
  const inRouter = (path: string) => {
    const { hook } = memoryLocation({ path });
    return render(
      <Router hook={hook}>
        <PageBoundary path={path}>
          <Broken />
        </PageBoundary>
      </Router>,
    );
  };

  it('[ALL][offline]: its code not fetched with no network: "Không có mạng" and "Thử lại", not a blank screen', () => {
    online(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inRouter('/users');
    expect(screen.getByRole('heading', { name: 'Không có mạng' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeTruthy();
  });

  it('[ALL][offline]: with a network, that the page failed, with "Tải lại trang"', () => {
    online(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inRouter('/users');
    expect(screen.getByRole('heading', { name: 'Không tải được trang' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tải lại trang' })).toBeTruthy();
  });
});

describe('[client][titles]: the tab names the page', () => {
  it('[GUEST][titles]: a product page names its product once its answer is here', async () => {
    renderApp('/products/details/7', { 'publicProducts.byId': () => product });
    await waitFor(() => expect(document.title).toBe('Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc'));
  });

  it("[GUEST][titles]: a visitor's home is the app's name, in the tab and the header", async () => {
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: 'Sản phẩm đã quét' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Truy xuất nguồn gốc'));
    expect(document.title).toBe('Truy xuất nguồn gốc');
  });
});
