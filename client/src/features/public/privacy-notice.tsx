import { useConfig } from '#client/lib/use-config.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** The short notice: what a scan records and how long it is kept (decision 060). */
export function PrivacyNotice() {
  const t = usePublicStrings().privacy;
  const config = useConfig();
  const months = config.data?.scanRetentionMonths ?? 13;
  return (
    <details className="rounded-lg border border-line bg-surface p-3 text-sm text-ink-soft">
      <summary className="cursor-pointer font-medium text-ink">{t.title}</summary>
      <p className="mt-2">{t.text(months)}</p>
    </details>
  );
}
