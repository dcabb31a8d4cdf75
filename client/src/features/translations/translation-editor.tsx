import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { controlClass, FieldError } from '#client/components/ui/field.tsx';
import { cn } from '#client/lib/cn.ts';
import { serverErrors } from '#client/lib/form-errors.ts';
import { LANGUAGE_NAMES, TRANSLATION_LANGUAGES, type TranslationLanguage } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { translationsWorkspace as t } from '#shared/i18n/vi/translations-workspace.ts';
import { STEP_TRANSLATION_FIELDS, type Translations } from '#shared/translations.ts';
import { formatDate } from '#shared/vietnam-time.ts';
import {
  draftOf,
  editorErrors,
  missingCount,
  type SavedTranslation,
  STEP_MAX_LENGTH,
  type StepField,
  sameDraft,
  type TranslatedField,
  type TranslatedStep,
  type TranslationDraft,
} from './model.ts';

const tl = vi.workspace.timeline;
const STEP_LABELS: Record<StepField, string> = {
  activity: tl.activity,
  location: tl.location,
  description: tl.description,
};

type PerLanguage<T> = Partial<Record<TranslationLanguage, T>>;

export interface TranslationEditorProps {
  title: string;
  fields: readonly TranslatedField[];
  steps?: readonly TranslatedStep[];
  /** What the server holds, per language. */
  saved: Translations<SavedTranslation>;
  /** The languages the company publishes: an unpublished one is still edited, with a note saying so. */
  published?: readonly TranslationLanguage[];
  /** Saves a language's translation; a rejection carries the server's field errors. */
  onSave: (lang: TranslationLanguage, draft: TranslationDraft) => Promise<unknown>;
  onRemove: (lang: TranslationLanguage) => Promise<unknown>;
  /** Whether anything typed is not saved yet (a dialog holding the editor asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** One field: its Vietnamese text beside (from md; above on a phone) the input of its translation. */
function Row({
  id,
  label,
  vietnamese,
  lang,
  value,
  error,
  maxLength,
  multiline,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  vietnamese: string | null;
  lang: TranslationLanguage;
  value: string;
  error: string | undefined;
  maxLength: number;
  multiline?: boolean;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const sourceId = `${id}-vi`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control = {
    id,
    lang,
    value,
    maxLength,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [sourceId, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' '),
    className: cn(controlClass(error, multiline ? 'py-2' : 'h-11'), 'w-full min-w-0'),
  };
  return (
    // No group of its own: the input is named by the field and the language, and described by its Vietnamese,
    // so a second element named like the Vietnamese form's own field would only be said twice.
    <div className="flex flex-col gap-1 border-t border-line pt-3">
      <p aria-hidden="true" className="text-sm font-semibold text-ink">
        {label}
      </p>
      <div className="grid gap-2 md:grid-cols-2 md:gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-ink-soft md:sr-only">{t.source}</span>
          <p
            id={sourceId}
            lang="vi"
            className="min-h-11 rounded-lg bg-soft px-3 py-2 text-sm whitespace-pre-line text-ink [overflow-wrap:anywhere]"
          >
            {vietnamese?.trim() ? vietnamese : <span className="text-ink-soft italic">{t.emptySource}</span>}
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={id} className="text-xs text-ink-soft md:sr-only">
            <span className="sr-only">{`${label} `}</span>
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </label>
          {multiline ? (
            <textarea {...control} rows={3} onChange={(e) => onChange(e.target.value)} />
          ) : (
            <input {...control} onChange={(e) => onChange(e.target.value)} />
          )}
          {hint && (
            <p id={hintId} className="text-xs text-ink-soft">
              {hint}
            </p>
          )}
          <FieldError id={errorId} message={error} />
        </div>
      </div>
    </div>
  );
}

/**
 * A row's translations edited side by side with its Vietnamese (decision 213): a tab per language with what
 * it still lacks, each field and each timeline step's activity, location and description beside its
 * Vietnamese text, saved or removed per language. A field is shown when it has Vietnamese text or a
 * translation; what is typed in one language stays while the other is looked at.
 */
export function TranslationEditor({
  title,
  fields,
  steps = [],
  saved,
  published,
  onSave,
  onRemove,
  onDirtyChange,
}: TranslationEditorProps) {
  const uid = useId();
  const [lang, setLang] = useState<TranslationLanguage>(TRANSLATION_LANGUAGES[0]);
  const [edits, setEdits] = useState<PerLanguage<TranslationDraft>>({});
  const [errors, setErrors] = useState<PerLanguage<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const tabs = useRef<Partial<Record<TranslationLanguage, HTMLButtonElement | null>>>({});

  const baseline = (l: TranslationLanguage) => draftOf(fields, steps, saved[l]);
  const draftFor = (l: TranslationLanguage) => edits[l] ?? baseline(l);
  const dirtyIn = (l: TranslationLanguage) => {
    const edited = edits[l];
    return edited !== undefined && !sameDraft(steps, edited, baseline(l));
  };

  // What the server answers after a save (or another person's) replaces that language's typing.
  const savedEn = JSON.stringify(saved.en ?? null);
  const savedZh = JSON.stringify(saved['zh-Hans'] ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when English's saved translation changes
  useEffect(() => setEdits(({ en: _, ...rest }) => rest), [savedEn]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when Chinese's saved translation changes
  useEffect(() => setEdits(({ 'zh-Hans': _, ...rest }) => rest), [savedZh]);

  const anyDirty = TRANSLATION_LANGUAGES.some(dirtyIn);
  useEffect(() => onDirtyChange?.(anyDirty), [anyDirty, onDirtyChange]);

  // After a refused save, the first field the server named gets the focus.
  const shownErrors = errors[lang];
  useEffect(() => {
    if (shownErrors && Object.keys(shownErrors).length)
      panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shownErrors]);

  const draft = draftFor(lang);
  const fieldErrors = errors[lang] ?? {};
  const name = LANGUAGE_NAMES[lang];
  const edit = (change: (d: TranslationDraft) => TranslationDraft) =>
    setEdits((all) => ({ ...all, [lang]: change(all[lang] ?? baseline(lang)) }));

  async function save() {
    setBusy(true);
    try {
      await onSave(lang, draft);
      setErrors((all) => ({ ...all, [lang]: {} }));
      toast.success(t.saved(name));
    } catch (err) {
      // The failure's toast is the app's (lib/api-errors.ts); the fields it names are marked here.
      setErrors((all) => ({
        ...all,
        [lang]: editorErrors(
          serverErrors(err),
          fields.map((f) => f.key),
        ),
      }));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setBusy(true);
    try {
      await onRemove(lang);
      setEdits(({ [lang]: _, ...rest }) => rest);
      setErrors((all) => ({ ...all, [lang]: {} }));
      toast.success(t.removed(name));
    } catch {
      // Said by the app's failure toast.
    } finally {
      setBusy(false);
    }
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = TRANSLATION_LANGUAGES.indexOf(lang);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next =
      TRANSLATION_LANGUAGES[(i + step + TRANSLATION_LANGUAGES.length) % TRANSLATION_LANGUAGES.length];
    if (!next) return;
    setLang(next);
    tabs.current[next]?.focus();
  }

  const shown = (vietnamese: string | null | undefined, typed: string | undefined) =>
    !!vietnamese?.trim() || !!typed?.trim();
  const headingId = `${uid}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3"
      data-testid="translation-editor"
      // Enter in a translation saves the translation, never the form the editor may stand in (a product's).
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          e.stopPropagation();
          if (!busy) void save();
        }
      }}
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-ink-soft">{t.intro}</p>
      </div>
      <div
        role="tablist"
        aria-label={t.languagesLabel}
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        {TRANSLATION_LANGUAGES.map((l) => {
          const missing = missingCount(fields, steps, draftFor(l));
          const selected = l === lang;
          return (
            <button
              key={l}
              ref={(el) => {
                tabs.current[l] = el;
              }}
              type="button"
              role="tab"
              id={`${uid}-tab-${l}`}
              aria-selected={selected}
              aria-controls={`${uid}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setLang(l)}
              onKeyDown={onTabKey}
              className={cn(
                'flex min-w-0 flex-col items-start gap-1 rounded-lg border px-3 py-2 text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                selected ? 'border-primary bg-primary/10' : 'border-line bg-surface hover:bg-soft',
              )}
            >
              <span lang={l} className="font-semibold text-ink">
                {LANGUAGE_NAMES[l]}
              </span>
              <span
                className={cn('text-xs', missing ? 'text-ink' : 'text-ink-soft')}
                data-testid={`missing-${l}`}
              >
                {missing ? t.missing(missing) : t.complete}
              </span>
            </button>
          );
        })}
      </div>
      <div
        ref={panel}
        role="tabpanel"
        id={`${uid}-panel`}
        aria-labelledby={`${uid}-tab-${lang}`}
        className="flex min-w-0 flex-col gap-3"
      >
        {published && !published.includes(lang) && (
          <p className="rounded-lg border border-amber-300 bg-amber-100 p-3 text-sm text-amber-900">
            {t.notPublished(name)}
          </p>
        )}
        <div
          className="hidden gap-4 text-sm font-semibold text-ink-soft md:grid md:grid-cols-2"
          aria-hidden="true"
        >
          <span>{t.source}</span>
          <span>{t.target(name)}</span>
        </div>
        {fields
          .filter((f) => shown(f.vietnamese, draft.fields[f.key]))
          .map((f) => (
            <Row
              key={`${lang}-${f.key}`}
              id={`${uid}-${lang}-${f.key}`}
              label={f.label}
              vietnamese={f.vietnamese}
              lang={lang}
              value={draft.fields[f.key] ?? ''}
              error={fieldErrors[f.key]}
              maxLength={f.maxLength}
              multiline={f.multiline}
              hint={f.hint}
              onChange={(value) => edit((d) => ({ ...d, fields: { ...d.fields, [f.key]: value } }))}
            />
          ))}
        {steps.length > 0 && (
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-ink">{t.steps}</h3>
            <ol className="flex flex-col gap-3">
              {steps.map((s, i) => {
                const typed = draft.steps[String(s.id)];
                const label = t.step(i + 1, s.date ? formatDate(s.date) : '');
                return (
                  <li
                    key={s.id}
                    aria-label={label}
                    className="flex flex-col gap-3 rounded-lg border border-line p-3"
                  >
                    <p className="text-sm font-semibold text-primary">{label}</p>
                    {/* The server refuses a step that is no longer the row's (the timeline changed meanwhile). */}
                    {fieldErrors[`steps.${s.id}`] && <FieldError message={fieldErrors[`steps.${s.id}`]} />}
                    {STEP_TRANSLATION_FIELDS.filter((field) => shown(s[field], typed?.[field])).map(
                      (field) => (
                        <Row
                          key={`${lang}-${s.id}-${field}`}
                          id={`${uid}-${lang}-step-${s.id}-${field}`}
                          label={STEP_LABELS[field]}
                          vietnamese={s[field]}
                          lang={lang}
                          value={typed?.[field] ?? ''}
                          error={fieldErrors[`steps.${s.id}.${field}`]}
                          maxLength={STEP_MAX_LENGTH[field]}
                          multiline={field === 'description'}
                          onChange={(value) =>
                            edit((d) => ({
                              ...d,
                              steps: {
                                ...d.steps,
                                [String(s.id)]: {
                                  activity: '',
                                  location: '',
                                  description: '',
                                  ...d.steps[String(s.id)],
                                  [field]: value,
                                },
                              },
                            }))
                          }
                        />
                      ),
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        )}
        {fieldErrors._ && <FieldError message={fieldErrors._} />}
        <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? vi.workspace.common.saving : t.save(name)}
          </Button>
          {saved[lang] && (
            <Button
              variant="outline"
              className="text-danger"
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              {t.remove(name)}
            </Button>
          )}
          {dirtyIn(lang) && <Badge tone="warning">{t.unsaved}</Badge>}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.removeTitle(name)}
        message={t.removeMessage(name)}
        confirmLabel={vi.workspace.common.delete}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
