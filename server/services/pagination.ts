/**
 * Paging shared by every list: 1-based page numbers in, SQL limit/offset out. Generic on purpose
 * (users page with pageIndex/pageSize, products with page/limit): callers name their own parameters.
 */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(page: number, size: number): PageWindow {
  return { limit: size, offset: (Math.max(1, page) - 1) * size };
}
