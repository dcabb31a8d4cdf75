import { FIRST_VIEW_ELEMENT_ID } from '#shared/constants.ts';
import { preloadPublicPage } from '#client/public-pages.ts';
import { lotPath } from '#client/features/lots/paths.ts';
import { productPath } from '#client/features/public/paths.ts';
import type { FirstView } from './first-view.ts';

/** The answer a server-rendered page carries (server/http/first-view.ts), read once; null on any other page. */
export function takeFirstView(): FirstView | null {
  const element = document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const view = JSON.parse(element.textContent ?? '') as FirstView;
    return Number.isInteger(view?.product?.id) ? view : null;
  } catch {
    return null;
  }
}

/**
 * Before the app's first frame: a printed code's address becomes the product page's (what the app's
 * redirect page would do after resolving, so "back" does not resolve it again), and the page's code is
 * loaded, so that frame is the product page over the same markup, not a loading screen. A failed load
 * is left to the router, which loads it again.
 */
export async function prepareFirstView(view: FirstView): Promise<void> {
  const path = view.lot ? lotPath(view.lot.id) : productPath(view.product.id);
  if (window.location.pathname !== path) window.history.replaceState(window.history.state, '', path);
  await preloadPublicPage(view.lot ? 'lotDetails' : 'productDetails').catch(() => undefined);
}
