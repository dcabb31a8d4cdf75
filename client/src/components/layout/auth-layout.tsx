import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#client/components/ui/logo.tsx';

/** Auth pages: a header with the logo on the left and centred content 500px wide (decision 030). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="flex h-16 items-center px-4 lg:h-[72px] lg:px-10">
        <Link href="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-primary">
          <Logo full />
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-[500px] flex-1 flex-col justify-center px-4 py-8">
        {children}
      </main>
    </div>
  );
}
