import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { AccountDrawer } from './account-drawer.tsx';
import { MobileNav } from './mobile-nav.tsx';

/** The header: 64px on phones, 72px from 1200px; menu button, page title, account (or sign in for a visitor). */
export function Header({
  title,
  navOpen,
  onNavOpenChange,
}: {
  title: string;
  navOpen: boolean;
  onNavOpenChange: (open: boolean) => void;
}) {
  const { state } = useSession();
  // A visitor on a public page reads its language (the workspace has no provider: Vietnamese).
  const strings = usePublicStrings();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/90 px-4 backdrop-blur lg:h-[72px] lg:px-8">
      <MobileNav open={navOpen} onOpenChange={onNavOpenChange} />
      {/* Two lines at most rather than cut: a phone's header is narrow beside the sign-in button. */}
      <p
        className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold break-words text-ink sm:text-lg"
        data-testid="page-title"
      >
        {title}
      </p>
      {state.isLoggedIn ? (
        <AccountDrawer />
      ) : (
        <Link href="/auth/sign-in" className={buttonVariants({ variant: 'primary', size: 'sm' })}>
          {strings.nav.signIn}
        </Link>
      )}
    </header>
  );
}
