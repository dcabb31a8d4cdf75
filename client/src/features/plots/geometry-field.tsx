import { useId, useState } from 'react';
import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import { type GeometryCheck, MAX_GEOMETRY_TEXT } from '#shared/plots/geometry.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { controlClass } from '#client/components/ui/field.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { PlotOutline } from './plot-outline.tsx';

/**
 * The plot's geometry: a GeoJSON box to paste into or fill from a .geojson/.json file, and beside it what
 * the shared checks say of it as it stands (`check`, computed by the form): its outline and geodesic area,
 * each fault and each warning, then the server's refusal of the last save (`serverError`), if any.
 */
export function GeometryField({
  text,
  onText,
  check,
  serverError,
  name,
}: {
  text: string;
  onText: (text: string) => void;
  check: GeometryCheck | null;
  /** A fault found on save: the box left empty, or the server's 400. */
  serverError: string | undefined;
  /** The plot's name, for the outline's accessible name. */
  name: string;
}) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const errors = [
    ...(fileError ? [fileError] : []),
    ...(check?.errors ?? []),
    ...(serverError ? [serverError] : []),
  ];
  const invalid = errors.length > 0;

  async function read(file: File) {
    setFileError(null);
    // Bounded before reading: a file this large is many plots, for the import.
    if (file.size > MAX_GEOMETRY_TEXT) return setFileError(t.fileTooLarge);
    try {
      onText(await file.text());
    } catch {
      setFileError(t.fileUnreadable);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="geometry-field">
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-ink">
        {t.geometry}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        {t.geometryHint}
      </p>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={6}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={MAX_GEOMETRY_TEXT}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint ${id}-check`}
        className={cn(
          controlClass(invalid ? 'x' : undefined, 'py-2'),
          'font-mono text-xs [overflow-wrap:anywhere]',
        )}
        onChange={(e) => {
          setFileError(null);
          onText(e.target.value);
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
          )}
        >
          <Icon name="upload" className="h-5 w-5" />
          {t.geometryFile}
          <input
            type="file"
            className="sr-only"
            accept=".geojson,.json,application/geo+json,application/json"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              // The same file picked again after fixing it is read again.
              e.target.value = '';
              if (picked) void read(picked);
            }}
          />
        </label>
      </div>
      {/* One live region for the whole verdict: announced once the typing settles (the form debounces). */}
      <div id={`${id}-check`} aria-live="polite" className="flex flex-col gap-2">
        {check?.geometry && (
          <div
            className="flex items-center gap-3 rounded-lg border border-line p-2"
            data-testid="geometry-preview"
          >
            <PlotOutline geometries={[check.geometry]} size={96} label={t.outlineOf(name || t.preview)} />
            <div className="min-w-0 text-sm text-ink">
              {errors.length === 0 && <p className="font-semibold">{t.checkOk}</p>}
              <p data-testid="geodesic-area">
                {check.areaHa === null ? t.pointArea : t.geodesicArea(check.areaHa)}
              </p>
            </div>
          </div>
        )}
        {invalid && (
          <ul
            className="flex list-disc flex-col gap-1 ps-5 text-sm text-danger"
            data-testid="geometry-errors"
          >
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        {check && check.warnings.length > 0 && (
          <div className="rounded-lg border border-amber-300 bg-amber-100 p-2 text-sm text-amber-900">
            <p className="font-semibold">{t.warnings}</p>
            <ul className="flex list-disc flex-col gap-1 ps-5" data-testid="geometry-warnings">
              {check.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
