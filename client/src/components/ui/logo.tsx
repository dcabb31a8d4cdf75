import { cn } from '#client/lib/cn.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** The logo (40x40) with the app name beside it when `full`. */
export function Logo({ full = false, className }: { full?: boolean; className?: string }) {
  const appName = usePublicStrings().client.appName;
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <img src="/logo.svg" alt={full ? '' : appName} width={40} height={40} className="h-10 w-10" />
      {full && <span className="text-base font-bold text-ink">{appName}</span>}
    </span>
  );
}
