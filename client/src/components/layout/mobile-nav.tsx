import * as Dialog from '@radix-ui/react-dialog';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { navForRole } from '../../../../shared/navigation.ts';
import { roleOf } from '../../session/session-reducer.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { Icon } from '../ui/icon.tsx';
import { Logo } from '../ui/logo.tsx';
import { NavList } from './nav-list.tsx';

/** Below 1200px the menu is a 320px drawer from the start side, opened from the header. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { state } = useSession();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={vi.client.openMenu}
          className="flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary lg:hidden"
        >
          <Icon name="menu" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-nav"
          className="nav-surface fixed inset-y-0 start-0 z-50 flex w-[320px] max-w-[85vw] flex-col bg-surface shadow-xl focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between px-4">
            <Logo full />
            <Dialog.Close
              aria-label={vi.client.closeMenu}
              className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{vi.client.mainMenu}</Dialog.Title>
          <nav aria-label={vi.client.mainMenu} className="flex-1 overflow-y-auto px-4 pb-6">
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
