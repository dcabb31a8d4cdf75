import { Slide, ToastContainer } from 'react-toastify';
import { useAtLeastSm } from '#client/components/ui/use-media-query.ts';
import { useSettings } from '#client/settings/SettingsProvider.tsx';

/**
 * Where the toasts show. On a phone, under the header (decision 092, styles.css). From `sm` up, in
 * the bottom corner on the menu's side: a page's main buttons sit at its top right (Thêm sản phẩm,
 * Thêm lô hàng) and a dialog's at its bottom right, so a toast there never covers one (on the other
 * side when the text runs right to left). At most three at once: more would be a wall of them.
 */
export function AppToasts() {
  const wide = useAtLeastSm();
  const { settings } = useSettings();
  const rtl = settings.direction === 'rtl';
  return (
    <ToastContainer
      position={wide ? (rtl ? 'bottom-right' : 'bottom-left') : 'top-right'}
      rtl={rtl}
      limit={3}
      autoClose={5000}
      draggable
      draggablePercent={80}
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
      role="alert"
      transition={Slide}
      newestOnTop
    />
  );
}
