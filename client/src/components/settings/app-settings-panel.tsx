/**
 * The app-settings section of '/settings' (local to this browser): colour scheme, direction, contrast,
 * menu layout, primary colour, menu colour, compact layout and font.
 */
import { useId } from 'react';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { cn } from '../../lib/cn.ts';
import { PRIMARY_COLORS, type AppSettings, type PrimaryColor } from '../../settings/app-settings.ts';
import { useSettings } from '../../settings/SettingsProvider.tsx';
import { Button } from '../ui/button.tsx';

const t = vi.client.appSettings;

function Choice<K extends keyof AppSettings>({
  label,
  field,
  options,
}: {
  label: string;
  field: K;
  options: { value: AppSettings[K]; label: string }[];
}) {
  const { settings, update } = useSettings();
  const name = useId();
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
  const colors = Object.keys(PRIMARY_COLORS) as PrimaryColor[];
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
        options={[
          { value: 'light', label: t.light },
          { value: 'dark', label: t.dark },
          { value: 'system', label: t.system },
        ]}
      />
      <Choice
        label={t.navLayout}
        field="navLayout"
        options={[
          { value: 'vertical', label: t.vertical },
          { value: 'mini', label: t.mini },
        ]}
      />
      <Choice
        label={t.primaryColor}
        field="primaryColor"
        options={colors.map((c) => ({ value: c, label: t.colors[c] }))}
      />
      <Choice
        label={t.navColor}
        field="navColor"
        options={[
          { value: 'integrate', label: t.integrate },
          { value: 'apparent', label: t.apparent },
        ]}
      />
      <Choice
        label={t.contrast}
        field="contrast"
        options={[
          { value: 'default', label: t.contrastDefault },
          { value: 'high', label: t.contrastHigh },
        ]}
      />
      <Choice
        label={t.direction}
        field="direction"
        options={[
          { value: 'ltr', label: t.ltr },
          { value: 'rtl', label: t.rtl },
        ]}
      />
      <Choice
        label={t.fontFamily}
        field="fontFamily"
        options={[
          { value: 'system', label: t.fonts.system },
          { value: 'serif', label: t.fonts.serif },
          { value: 'mono', label: t.fonts.mono },
        ]}
      />
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
