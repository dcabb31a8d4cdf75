import { lazy, Suspense, useRef } from 'react';
import { Icon } from '#client/components/ui/icon.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { useOpenedOnce } from './use-opened-once.ts';

// The drawer (Radix dialog, focus trap, scroll lock) loads on the first tap: public phone pages
// must not pay for it before their first paint (decision 074).
const MobileNavDrawer = lazy(() =>
  import('./mobile-nav-drawer.tsx').then((m) => ({ default: m.MobileNavDrawer })),
);

/** Below 1200px the menu is a 320px drawer from the start side, opened from the header. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const strings = usePublicStrings();
  const mounted = useOpenedOnce(open);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={strings.client.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
        className="flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary lg:hidden"
      >
        <Icon name="menu" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={onOpenChange} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
