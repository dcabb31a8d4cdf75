import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * The top of a visitor's landing page: the scan button first, within the first screen of a phone
 * (a shopper came to scan), then the way in for a business that wants codes for its products.
 */
export function VisitorActions() {
  const t = usePublicStrings().landing;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <Link
        href="/scan-qr"
        className={cn(buttonVariants({ variant: 'primary', size: 'lg' }), 'w-full sm:w-auto')}
      >
        <Icon name="scan" className="h-6 w-6" />
        {t.scan}
      </Link>
      <p className="text-sm text-ink-soft">
        {t.forBusiness}{' '}
        <Link
          href="/auth/sign-up?business=1"
          className="font-semibold text-primary underline-offset-2 hover:underline"
        >
          {t.signUpBusiness}
        </Link>
      </p>
    </div>
  );
}
