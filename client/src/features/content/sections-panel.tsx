import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { DocumentKey } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { DocumentSection } from '#shared/schemas/documents.ts';
import { Button } from '#client/components/ui/button.tsx';
import { failureMessage } from '#client/lib/api-errors.ts';
import type { FieldErrors } from '#client/lib/form-errors.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';
import { RICH_TEXT_CLASS } from '#client/features/public/rich-text.ts';
import { type SectionDraft, SectionForm } from './section-form.tsx';

const t = vi.publicPages.content;
const silent = { trpc: { context: { silent: true } } };
const BLANK: SectionDraft = { title: '', subtitle: '', body: '' };

/** Which section is open in the form: a new one, an existing one, or none. */
type Editing = { kind: 'new' } | { kind: 'edit'; section: DocumentSection } | null;

const FORM_FIELDS = ['title', 'subtitle', 'body'] as const;

/** Only what the save schemas take: the listed section also carries id, key, position, dates. */
const draftOf = (d: SectionDraft): SectionDraft => ({ title: d.title, subtitle: d.subtitle, body: d.body });

/**
 * A failed save as the form shows it: the server's field errors under their field ('items.0.title'
 * → 'title'), and anything else (another field, no field, no answer at all) as the form's own
 * message under `_`, so no failure is silent.
 */
function saveErrors(err: unknown): FieldErrors {
  const data = errorData(err);
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(data.fields ?? {})) {
    const field = path.replace(/^items\.\d+\./, '');
    if ((FORM_FIELDS as readonly string[]).includes(field)) out[field] ??= message;
    else out._ ??= message;
  }
  if (Object.keys(out).length === 0) {
    out._ = failureMessage({
      status: data.httpStatus ?? null,
      message: data.httpStatus ? (err as Error).message : null,
    });
  }
  return out;
}

/**
 * One document's sections: list, add, edit, reorder, delete. Every change names the `version` the
 * editor read; a 409 means someone else saved first: the list is reloaded and the editor says so.
 */
export function SectionsPanel({ docKey }: { docKey: DocumentKey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.documents.list.queryKey({ key: docKey });
  const sections = useQuery(trpc.documents.list.queryOptions({ key: docKey }));
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);

  const reload = () => queryClient.invalidateQueries({ queryKey: listKey });
  const onFailure = (err: unknown) => {
    if (errorData(err).httpStatus === 409) {
      // The form stays open with what was typed; the next save names the reloaded version.
      setConflict(true);
      setErrors({});
      void reload();
      return;
    }
    setErrors(saveErrors(err));
  };
  const onSaved = () => {
    setEditing(null);
    setErrors({});
    toast.success(t.saved);
    void reload();
  };

  const create = useMutation(
    trpc.documents.create.mutationOptions({ ...silent, onSuccess: onSaved, onError: onFailure }),
  );
  const update = useMutation(
    trpc.documents.update.mutationOptions({ ...silent, onSuccess: onSaved, onError: onFailure }),
  );
  const remove = useMutation(trpc.documents.delete.mutationOptions({ onSuccess: () => void reload() }));

  const list = sections.data ?? [];
  const save = (draft: SectionDraft) => {
    setConflict(false);
    if (editing?.kind === 'new') create.mutate({ items: [{ key: docKey, ...draftOf(draft) }] });
    else if (editing?.kind === 'edit') {
      // After a conflict the list was reloaded: save over the version now shown, knowingly.
      const current = list.find((s) => s.id === editing.section.id) ?? editing.section;
      update.mutate({ items: [{ id: current.id, ...draftOf(draft), version: current.version }] });
    }
  };
  /** Swaps two neighbours' positions in one all-or-nothing call. */
  const move = (index: number, by: -1 | 1) => {
    const a = list[index];
    const b = list[index + by];
    if (!a || !b) return;
    setConflict(false);
    // Equal positions (ties ordered by id) would not swap: use the indexes as positions then.
    const [pa, pb] = a.position === b.position ? [index, index + by] : [a.position, b.position];
    update.mutate({
      items: [
        { id: a.id, position: pb, version: a.version },
        { id: b.id, position: pa, version: b.version },
      ],
    });
  };
  const del = (s: DocumentSection) => {
    if (window.confirm(t.confirmDelete(s.title))) remove.mutate({ ids: [s.id] });
  };
  const busy = create.isPending || update.isPending || remove.isPending;

  return (
    <div className="flex flex-col gap-3">
      {conflict && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t.conflict}
        </p>
      )}
      {sections.isSuccess && list.length === 0 && <p className="text-ink-soft">{t.empty}</p>}
      <ol className="flex flex-col gap-3">
        {list.map((s, i) =>
          editing?.kind === 'edit' && editing.section.id === s.id ? (
            <li key={s.id}>
              <SectionForm
                initial={s}
                pending={busy}
                errors={errors}
                onSave={save}
                onCancel={() => {
                  setErrors({});
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <li key={s.id} className="rounded-lg border border-line bg-surface p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold text-ink">{s.title}</h3>
                  {s.subtitle && <p className="text-sm text-ink-soft">{s.subtitle}</p>}
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="ghost" disabled={busy || i === 0} onClick={() => move(i, -1)}>
                    {t.moveUp}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || i === list.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    {t.moveDown}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => {
                      setErrors({});
                      setConflict(false);
                      setEditing({ kind: 'edit', section: s });
                    }}
                    aria-label={`${t.edit}: ${s.title}`}
                  >
                    {t.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() => del(s)}
                    aria-label={`${t.delete}: ${s.title}`}
                  >
                    {t.delete}
                  </Button>
                </div>
              </div>
              <div
                className={`mt-2 text-sm text-ink ${RICH_TEXT_CLASS}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server before storage
                dangerouslySetInnerHTML={{ __html: s.body }}
              />
            </li>
          ),
        )}
      </ol>
      {editing?.kind === 'new' ? (
        <SectionForm
          initial={BLANK}
          pending={busy}
          errors={errors}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            setErrors({});
            setEditing({ kind: 'new' });
          }}
        >
          {t.add}
        </Button>
      )}
    </div>
  );
}
