import type { ToastOptions } from 'react-toastify';

/**
 * Options for a toast shown right before a navigation and meant to be read on the next page (a route
 * change dismisses the others: components/layout/page-toasts.tsx).
 */
export const NEXT_PAGE: ToastOptions = { data: { nextPage: true } };
