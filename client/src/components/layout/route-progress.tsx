/**
 * The route-change progress bar (nprogress: minimum 0.08, speed 200, trickle 800) and the
 * scroll to top. The bar starts when the path changes and ends when the new page has committed, which
 * for a lazy page is after its code has arrived.
 */
import type NProgress from 'nprogress';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

type Bar = typeof NProgress;
/**
 * nprogress loads on the first route change, not before the first paint (decision 074): the page's own
 * load has the browser's indicator, so the first path shows no bar. start() and done() chain on the
 * same promise, so they keep their order while the module arrives.
 */
let bar: Promise<Bar> | null = null;
let firstPath = true;
const BAR_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

function startBar(): void {
  if (firstPath) {
    firstPath = false;
    return;
  }
  bar ??= import('nprogress').then(({ default: n }) => {
    // Its own template has role="bar" and role="spinner", which are no ARIA roles (axe's aria-roles,
    // critical): the bar is decoration, the page that arrives is what is announced.
    n.configure({
      minimum: 0.08,
      speed: 200,
      trickleSpeed: 800,
      showSpinner: false,
      template: BAR_TEMPLATE,
      barSelector: '.bar',
    });
    return n;
  });
  void bar.then((n) => n.start());
}

function doneBar(): void {
  void bar?.then((n) => n.done());
}

export function RouteChangeEffects() {
  const [location] = useLocation();
  // A layout effect runs before any page's passive effect in the same commit, so PageReady's done()
  // always comes after this start().
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useLayoutEffect(() => {
    startBar();
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
    doneBar();
  }, [location]);
  return null;
}
