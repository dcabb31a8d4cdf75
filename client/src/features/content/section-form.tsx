import { type FormEvent, lazy, Suspense, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, FieldError } from '#client/components/ui/field.tsx';
import type { FieldErrors } from '#client/lib/form-errors.ts';

/** Tiptap is the heaviest part of this page: it arrives while the list is already readable. */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const t = vi.publicPages.content;

export interface SectionDraft {
  title: string;
  subtitle: string;
  body: string;
}

export function SectionForm({
  initial,
  pending,
  errors,
  onSave,
  onCancel,
}: {
  initial: SectionDraft;
  pending: boolean;
  errors: FieldErrors;
  onSave: (draft: SectionDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<SectionDraft>({
    title: initial.title,
    subtitle: initial.subtitle,
    body: initial.body,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-surface p-3"
    >
      <Field
        label={t.title}
        name="title"
        value={draft.title}
        onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
        error={errors.title}
      />
      <Field
        label={t.subtitle}
        name="subtitle"
        value={draft.subtitle}
        onChange={(e) => setDraft((d) => ({ ...d, subtitle: e.target.value }))}
        error={errors.subtitle}
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-ink">{t.body}</span>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-ink-soft">
              {t.editorLoading}
            </p>
          }
        >
          <RichTextEditor
            label={t.body}
            value={initial.body}
            onChange={(body) => setDraft((d) => ({ ...d, body }))}
          />
        </Suspense>
        <FieldError message={errors.body ?? errors['items.0.body']} />
      </div>
      {errors._ && (
        <p role="alert" className="text-sm text-danger">
          {errors._}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? t.saving : t.save}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
