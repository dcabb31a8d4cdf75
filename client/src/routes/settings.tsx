import { vi } from '#shared/i18n/vi/index.ts';
import { ACCOUNT_SETTINGS_SECTIONS } from '#client/components/settings/account-sections.ts';
import { AppSettingsPanel } from '#client/components/settings/app-settings-panel.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';

/** '/settings': the account sections (decision 063) and this browser's app settings. */
export default function SettingsPage() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title={vi.nav.settings} />
      {ACCOUNT_SETTINGS_SECTIONS.map((Section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sections
        <Section key={i} />
      ))}
      <AppSettingsPanel />
    </div>
  );
}
