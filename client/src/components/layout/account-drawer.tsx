import { lazy, Suspense, useRef, useState } from 'react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { useOpenedOnce } from './use-opened-once.ts';

// The drawer's Radix dialog loads on the first tap, not before a page's first paint (decision 074).
const AccountDrawerPanel = lazy(() =>
  import('./account-drawer-panel.tsx').then((m) => ({ default: m.AccountDrawerPanel })),
);

/**
 * The account drawer (decision 030): from the right, 320px, opened by the 40px avatar button;
 * avatar 100, name, e-mail, the red full-width logout; closes by the icon (top left) or the backdrop.
 */
export function AccountDrawer() {
  const { state } = useSession();
  const strings = usePublicStrings();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const user = state.currentUser;
  if (!user) return null;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={strings.client.openAccount}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Avatar name={user.name} src={user.avatar} size={40} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <AccountDrawerPanel open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
