/**
 * The app-settings section of '/settings' (local to this browser): colour scheme, direction, contrast,
 * menu layout, primary colour, menu colour, compact layout and font.
 */
import { useId } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';
import type { AppSettings } from '#client/settings/app-settings.ts';
import { useSettings } from '#client/settings/SettingsProvider.tsx';
import { Button } from '#client/components/ui/button.tsx';

const t = vi.client.appSettings;

/** The settings whose values are names (every one but the compact-layout switch). */
type NamedSetting = {
  [K in keyof AppSettings]: AppSettings[K] extends string ? K : never;
}[keyof AppSettings];

/** One setting as a group of radio buttons, in the order of `labels` (value: visible label). */
function Choice<K extends NamedSetting>({
  label,
  field,
  labels,
}: {
  label: string;
  field: K;
  labels: Readonly<Record<AppSettings[K], string>>;
}) {
  const { settings, update } = useSettings();
  const name = useId();
  const options = (Object.keys(labels) as AppSettings[K][]).map((value) => ({ value, label: labels[value] }));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={String(o.value)}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
              settings[field] === o.value && 'border-primary bg-primary-light text-primary-dark',
            )}
          >
            <input
              type="radio"
              name={name}
              className="accent-primary"
              checked={settings[field] === o.value}
              onChange={() => update({ [field]: o.value } as Partial<AppSettings>)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function AppSettingsPanel() {
  const { settings, update, reset } = useSettings();
  return (
    <section
      aria-labelledby="app-settings-title"
      className="flex flex-col gap-5 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="app-settings-title" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <Choice
        label={t.colorScheme}
        field="colorScheme"
        labels={{ light: t.light, dark: t.dark, system: t.system }}
      />
      <Choice label={t.navLayout} field="navLayout" labels={{ vertical: t.vertical, mini: t.mini }} />
      <Choice label={t.primaryColor} field="primaryColor" labels={t.colors} />
      <Choice label={t.navColor} field="navColor" labels={{ integrate: t.integrate, apparent: t.apparent }} />
      <Choice
        label={t.contrast}
        field="contrast"
        labels={{ default: t.contrastDefault, high: t.contrastHigh }}
      />
      <Choice label={t.direction} field="direction" labels={{ ltr: t.ltr, rtl: t.rtl }} />
      <Choice label={t.fontFamily} field="fontFamily" labels={t.fonts} />
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={settings.compactLayout}
          onChange={(e) => update({ compactLayout: e.target.checked })}
        />
        {t.compactLayout}
      </label>
      <div>
        <Button variant="outline" onClick={reset}>
          {t.reset}
        </Button>
      </div>
    </section>
  );
}
