import { useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a dialog closes: back to what had it when the dialog opened (the button that
 * opened it, or the row's menu button), not to the page's start. Radix does this only for its own
 * `Trigger`; our dialogs are opened by state, from tables, menus and other dialogs. Pass the result as
 * the content's `onCloseAutoFocus`. When the opener is gone (its row was deleted) Radix's own choice stays.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus inside it.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    const el = opener.current;
    if (!el?.isConnected || el === document.body) return;
    event.preventDefault();
    el.focus();
  };
}
