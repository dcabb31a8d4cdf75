import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';

/** A clear "not found" in place, with the way back to scanning. */
export function PublicNotFound({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <h1 className="text-xl font-bold text-ink">{title}</h1>
      {text && <p className="text-ink-soft">{text}</p>}
      {children}
      <Link href="/scan-qr" className={buttonVariants({ variant: 'primary' })}>
        {vi.publicPages.scan.scanAgain}
      </Link>
    </div>
  );
}
