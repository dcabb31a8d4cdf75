import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '#client/app-routes.ts';
import { prepareFirstView, takeFirstView } from '#client/first-view/take.ts';
import { productAnswer } from '#tests/client/public/product-answer.ts';
import { renderApp } from '#tests/client/render-app.tsx';

/**
 * The app starting over a page the server rendered (decision 074): it reads the page's JSON, its first
 * frame is the product page itself (no loading screen, no second request), and a printed code's scan is
 * still recorded, once, after the session is known.
 */
const product = productAnswer;

function pageWithJson(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-view';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById('first-view')?.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('[client][first-view]: reading the page the server rendered', () => {
  it('[GUEST][first-view]: the JSON is read once and the element removed; no element, no first view', () => {
    expect(takeFirstView()).toBeNull();
    pageWithJson(JSON.stringify({ product, scanCode: 'abcd1234efgh' }));
    expect(takeFirstView()).toMatchObject({ product: { id: 7 }, scanCode: 'abcd1234efgh' });
    expect(document.getElementById('first-view')).toBeNull();
    expect(takeFirstView()).toBeNull();
  });

  it('[GUEST][first-view]: broken or foreign JSON is ignored: the app starts as it always did', () => {
    for (const text of ['{"product":', '"texte"', '{"product":{"id":"7"}}', 'null']) {
      pageWithJson(text);
      expect(takeFirstView(), text).toBeNull();
    }
  });

  it("[GUEST][first-view]: a printed code's address becomes the product page's before the app renders", async () => {
    window.history.replaceState(null, '', '/redirect/abcd1234efgh');
    await prepareFirstView({ product, scanCode: 'abcd1234efgh' });
    expect(window.location.pathname).toBe('/products/details/7');
  });
});

describe('[client][first-view]: the app taking over', () => {
  it('[GUEST][first-view]: with the page preloaded, the first frame is the product page from the JSON, with no request for it', async () => {
    await APP_ROUTES.find((r) => r.path === '/products/details/:id')?.preload();
    const { calls } = renderApp('/products/details/7', {}, { firstView: { product } });
    // getBy, not findBy: in the very first commit, not after a loading screen.
    expect(screen.getByRole('heading', { level: 1, name: 'Cà phê Arabica Cầu Đất' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls).not.toContain('publicProducts.byId');
  });

  it("[GUEST][first-view]: a printed code's scan is resolved once with the session known, and lands in the phone's history", async () => {
    await APP_ROUTES.find((r) => r.path === '/products/details/:id')?.preload();
    const { calls } = renderApp(
      '/products/details/7',
      { 'products.resolve': () => product },
      { firstView: { product, scanCode: 'abcd1234efgh' } },
    );
    await waitFor(() => expect(JSON.parse(localStorage.getItem('scanned-qrs') ?? '[]')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('scanned-qrs') ?? '[]')[0]).toMatchObject({
      productId: 7,
      name: 'Cà phê Arabica Cầu Đất',
      companyName: 'HTX Cầu Đất',
    });
    expect(calls.filter((c) => c === 'products.resolve')).toHaveLength(1);
  });

  it('[GUEST][first-view]: a page opened by its address (no code) records no scan', async () => {
    const { calls } = renderApp('/products/details/7', {}, { firstView: { product } });
    await screen.findByRole('heading', { level: 1, name: 'Cà phê Arabica Cầu Đất' });
    expect(calls).not.toContain('products.resolve');
    expect(localStorage.getItem('scanned-qrs')).toBeNull();
  });
});
