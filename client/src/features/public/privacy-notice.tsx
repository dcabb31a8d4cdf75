import { vi } from '#shared/i18n/vi/index.ts';
import { useConfig } from '#client/lib/use-config.ts';

/** The short notice: what a scan records and how long it is kept (decision 060). */
export function PrivacyNotice() {
  const config = useConfig();
  const months = config.data?.scanRetentionMonths ?? 13;
  return (
    <details className="rounded-lg border border-line bg-surface p-3 text-sm text-ink-soft">
      <summary className="cursor-pointer font-medium text-ink">{vi.publicPages.privacy.title}</summary>
      <p className="mt-2">{vi.publicPages.privacy.text(months)}</p>
    </details>
  );
}
