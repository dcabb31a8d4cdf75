/**
 * A page of the app loaded on demand (decision 030): its path, title and layout group, and its code.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PublicStrings } from '#shared/i18n/public/vi.ts';

export type RouteGroup =
  /** auth layout; signed-in users are sent away */
  | 'auth'
  /** dashboard layout; only paths in the user's menu */
  | 'dashboard'
  /** '/': coming soon, redirect, or the dashboard home */
  | 'root'
  /** dashboard layout, open to everyone, signed in or not (product and company details, the scanner) */
  | 'public'
  /** no layout */
  | 'bare'
  /** simple layout (error pages) */
  | 'simple';

export interface AppRoute {
  path: string;
  title: string;
  /** A shopper's page's title in the page's language (public-pages.ts, decision 211); `title` is its Vietnamese. */
  publicTitle?: (strings: PublicStrings) => string;
  group: RouteGroup;
  page: LazyExoticComponent<ComponentType>;
  /** Loads the page's code ahead; once settled the page renders without suspending. */
  preload: () => Promise<void>;
}

export type PageModule = { default: ComponentType };

/**
 * A page loaded on demand that can also be loaded ahead. React.lazy renders at once when its factory
 * hands back a thenable that settles synchronously, so a preloaded page never shows the loading screen:
 * main.tsx relies on it to replace a server-rendered first view with the same page, not a spinner.
 */
export function onDemand(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const keep = (m: PageModule) => {
    loaded = m;
    return m;
  };
  const settled = (m: PageModule) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, see above
    ({ then: (ok: (m: PageModule) => void) => ok(m) }) as Promise<PageModule>;
  return {
    page: lazy(() => (loaded ? settled(loaded) : load().then(keep))),
    preload: () =>
      load()
        .then(keep)
        .then(() => undefined),
  };
}

export const route = (
  path: string,
  title: string,
  group: RouteGroup,
  load: () => Promise<PageModule>,
  publicTitle?: AppRoute['publicTitle'],
): AppRoute => ({
  path,
  title,
  ...(publicTitle && { publicTitle }),
  group,
  ...onDemand(load),
});
