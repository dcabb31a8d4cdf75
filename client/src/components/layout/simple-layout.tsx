import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { Logo } from '#client/components/ui/logo.tsx';

/** The simple layout: logo header and centred content; `compact` is 448px wide (decision 030). */
export function SimpleLayout({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="flex h-16 items-center px-4 lg:h-[72px] lg:px-10">
        <Link href="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-primary">
          <Logo full />
        </Link>
      </header>
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col items-center justify-center px-4 py-8 text-center',
          compact ? 'max-w-[448px]' : 'max-w-3xl',
        )}
      >
        {children}
      </main>
    </div>
  );
}
