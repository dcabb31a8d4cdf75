/**
 * A page's own names, where the route's fixed title (app-routes.ts) says too little: a product page's
 * tab names its product, the visitors' home its app. The router (app-router.tsx) shows `tab` in the
 * browser's tab and `header` in the layout's header while the page is on screen, and the route's title
 * otherwise (before the page's data, after it goes).
 */
import { createContext, useContext, useEffect } from 'react';

export interface PageTitles {
  /** The tab's name for this page (page-titles.ts names the public ones); the app's name follows it. */
  tab?: string;
  /** The header's text, where the route's title does not fit the page. */
  header?: string;
}

export const PageTitleContext = createContext<(titles: PageTitles | null) => void>(() => undefined);

/** This page's names while it is on screen; null (data not here yet) leaves the route's title. */
export function usePageTitle(titles: PageTitles | null): void {
  const set = useContext(PageTitleContext);
  const tab = titles?.tab;
  const header = titles?.header;
  useEffect(() => {
    if (tab === undefined && header === undefined) return;
    set({ tab, header });
    return () => set(null);
  }, [set, tab, header]);
}
