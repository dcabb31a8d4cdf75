/**
 * The route-change progress bar (spec section 9: minimum 0.08, speed 200 ms, trickle 800 ms) and the
 * scroll to top. The bar starts when the path changes and ends when the new page has committed, which
 * for a lazy page is after its code has arrived.
 */
import NProgress from 'nprogress';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });

export function RouteChangeEffects() {
  const [location] = useLocation();
  // A layout effect runs before any page's passive effect in the same commit, so PageReady's done()
  // always comes after this start().
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useLayoutEffect(() => {
    NProgress.start();
    if (typeof window.scrollTo === 'function' && !navigator.userAgent.includes('jsdom'))
      window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** Rendered after the page inside its Suspense boundary: the page is on screen. */
export function PageReady() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useEffect(() => {
    NProgress.done();
  }, [location]);
  return null;
}
