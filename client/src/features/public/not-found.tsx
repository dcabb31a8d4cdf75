import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

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
  const scanAgain = usePublicStrings().scan.scanAgain;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <h1 className="text-xl font-bold text-ink">{title}</h1>
      {text && <p className="text-ink-soft">{text}</p>}
      {children}
      <Link href="/scan-qr" className={buttonVariants({ variant: 'primary' })}>
        {scanAgain}
      </Link>
    </div>
  );
}
