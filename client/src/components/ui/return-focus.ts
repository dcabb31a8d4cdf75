import { useRef } from 'react';

/**
 * Gives the focus back to the control that opened a dialog when it closes. Radix does this only for
 * its own Trigger; our dialogs are opened by state from any button (a toolbar's "Thêm", a row's "Sửa"),
 * so without this the focus fell to <body> and a keyboard user started again from the top of the page.
 * When the opener has left the page (its row was deleted), Radix's default stands.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs as the dialog mounts, before Radix moves the focus into it: the opener still has it.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (!el?.isConnected) return;
      event.preventDefault();
      el.focus();
    },
  };
}
