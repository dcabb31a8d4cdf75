import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';

export default function Error404Page() {
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-ink">{vi.nav.notFound}</h1>
      <p className="text-ink-soft">{vi.client.errorPages.notFound}</p>
      <Link href="/" className={buttonVariants({ size: 'lg' })}>
        {vi.client.backHome}
      </Link>
    </div>
  );
}
