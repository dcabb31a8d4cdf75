import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Icon } from '#client/components/ui/icon.tsx';
import { Logo } from '#client/components/ui/logo.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { roleOf } from '#client/session/session-reducer.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { navForRole } from '#shared/navigation.ts';
import { NavList } from './nav-list.tsx';

/** The phone menu's drawer, loaded on its first opening (mobile-nav.tsx holds the header button). */
export function MobileNavDrawer({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { state } = useSession();
  const strings = usePublicStrings();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-nav"
          className="nav-surface fixed inset-y-0 start-0 z-50 flex w-[320px] max-w-[85vw] flex-col bg-surface shadow-xl focus:outline-none"
          // The button is not a Dialog.Trigger (it lives in the entry chunk): give focus back by hand.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="flex h-16 items-center justify-between px-4">
            <Logo full />
            <Dialog.Close
              aria-label={strings.client.closeMenu}
              className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{strings.client.mainMenu}</Dialog.Title>
          <nav aria-label={strings.client.mainMenu} className="flex-1 overflow-y-auto px-4 pb-6">
            <NavList
              items={navForRole(roleOf(state))}
              mode="vertical"
              onNavigate={() => onOpenChange(false)}
            />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
