import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** The account drawer itself, loaded on its first opening (account-drawer.tsx holds the avatar button). */
export function AccountDrawerPanel({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { state, signOut } = useSession();
  const strings = usePublicStrings();
  const user = state.currentUser;
  if (!user) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="account-backdrop" className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 end-0 z-50 flex w-[320px] max-w-full flex-col items-center gap-2 bg-surface px-6 pt-16 pb-6 shadow-xl focus:outline-none"
          // The avatar button is not a Dialog.Trigger (it lives in the entry chunk): give focus back by hand.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <Dialog.Close
            aria-label={strings.client.close}
            className="absolute top-4 start-4 flex h-10 w-10 items-center justify-center rounded-lg hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Icon name="close" className="h-5 w-5" />
          </Dialog.Close>
          <Avatar name={user.name} src={user.avatar} size={100} />
          <Dialog.Title className="mt-3 text-center text-lg font-semibold text-ink">{user.name}</Dialog.Title>
          <p className="break-all text-center text-sm text-ink-soft">{user.email}</p>
          <div className="mt-auto w-full">
            <Button
              variant="danger"
              size="lg"
              className="w-full"
              onClick={() => {
                onOpenChange(false);
                signOut();
              }}
            >
              {strings.nav.logout}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
