import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

export default function Error403Page() {
  const s = usePublicStrings();
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        403
      </p>
      <h1 className="text-2xl font-bold text-ink">{s.nav.forbidden}</h1>
      <p className="text-ink-soft">{s.client.errorPages.forbidden}</p>
      <Link href="/" className={buttonVariants({ size: 'lg' })}>
        {s.client.backHome}
      </Link>
    </div>
  );
}
