import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';

/** The logo (40x40) with the app name beside it when `full`. */
export function Logo({ full = false, className }: { full?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <img src="/logo.svg" alt={full ? '' : vi.client.appName} width={40} height={40} className="h-10 w-10" />
      {full && <span className="text-base font-bold text-ink">{vi.client.appName}</span>}
    </span>
  );
}
