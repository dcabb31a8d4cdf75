/**
 * What the side-by-side translation editor holds (decision 213), apart from how it looks: a row's fields and
 * timeline steps with their Vietnamese text, the translation being typed per language, what is still
 * missing, and the server's field errors under the editor's keys. The row's own wrapper (product, lot,
 * company) turns its contract type (shared/translations.ts) into a draft and back.
 */
import {
  STEP_TRANSLATION_FIELDS,
  type StepTranslation,
  type StepTranslations,
} from '#shared/translations.ts';

export type StepField = (typeof STEP_TRANSLATION_FIELDS)[number];

/** One translatable field of a row: its key in the row's translation, its label and its Vietnamese text. */
export interface TranslatedField {
  key: string;
  label: string;
  vietnamese: string;
  /** The Vietnamese field's own bound: a translation may be no longer. */
  maxLength: number;
  multiline?: boolean;
  hint?: string;
}

/** One timeline step of a row, keyed by its id (a tracking entry's or a lot event's). */
export interface TranslatedStep {
  id: number;
  date: string;
  activity: string;
  location: string | null;
  description: string | null;
}

/** The bounds of a step's fields, as the timeline editors keep the Vietnamese. */
export const STEP_MAX_LENGTH: Record<StepField, number> = { activity: 200, location: 300, description: 2000 };

/** A language's translation as typed: every field and every step field as text ('' when not translated). */
export interface TranslationDraft {
  fields: Record<string, string>;
  steps: Record<string, Record<StepField, string>>;
}

/** A language's saved translation, in the terms of the draft: plain fields and `steps`. */
export interface SavedTranslation {
  fields: Record<string, string | undefined>;
  steps?: StepTranslations;
}

export function draftOf(
  fields: readonly TranslatedField[],
  steps: readonly TranslatedStep[],
  saved: SavedTranslation | undefined,
): TranslationDraft {
  const draft: TranslationDraft = { fields: {}, steps: {} };
  for (const f of fields) draft.fields[f.key] = saved?.fields[f.key] ?? '';
  for (const s of steps) {
    const own: StepTranslation = saved?.steps?.[String(s.id)] ?? {};
    draft.steps[String(s.id)] = {
      activity: own.activity ?? '',
      location: own.location ?? '',
      description: own.description ?? '',
    };
  }
  return draft;
}

const filled = (text: string | null | undefined) => (text ?? '').trim() !== '';

/**
 * How many fields a language still lacks: those whose Vietnamese text is not empty and whose translation
 * is (a field with nothing to translate is never missing).
 */
export function missingCount(
  fields: readonly TranslatedField[],
  steps: readonly TranslatedStep[],
  draft: TranslationDraft,
): number {
  let missing = 0;
  for (const f of fields) if (filled(f.vietnamese) && !filled(draft.fields[f.key])) missing++;
  for (const s of steps)
    for (const field of STEP_TRANSLATION_FIELDS)
      if (filled(s[field]) && !filled(draft.steps[String(s.id)]?.[field])) missing++;
  return missing;
}

/** The translated fields of a draft, trimmed, the empty ones left out (absent means "show the Vietnamese"). */
export function fieldsOut(draft: TranslationDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(draft.fields)) if (filled(text)) out[key] = text.trim();
  return out;
}

/** The translated steps of a draft, of the row's current steps only, the empty ones left out. */
export function stepsOut(steps: readonly TranslatedStep[], draft: TranslationDraft): StepTranslations {
  const out: StepTranslations = {};
  for (const s of steps) {
    const typed = draft.steps[String(s.id)];
    const own: StepTranslation = {};
    for (const field of STEP_TRANSLATION_FIELDS) {
      const text = typed?.[field] ?? '';
      if (filled(text)) own[field] = text.trim();
    }
    if (Object.keys(own).length) out[String(s.id)] = own;
  }
  return out;
}

/** Whether two drafts say the same of the row's current fields and steps (the unsaved-changes mark). */
export const sameDraft = (steps: readonly TranslatedStep[], a: TranslationDraft, b: TranslationDraft) =>
  JSON.stringify([fieldsOut(a), stepsOut(steps, a)]) === JSON.stringify([fieldsOut(b), stepsOut(steps, b)]);

/**
 * The server's field errors under the editor's keys: the procedures name a field by its path in their input
 * (`translation.name`, `translation.steps.12.activity`, `translation.tags.3`); the editor by `name`,
 * `steps.12.activity` and `tags`.
 */
export function editorErrors(
  server: Record<string, string>,
  fieldKeys: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(server)) {
    const path = key.replace(/^translation\./, '');
    const field = fieldKeys.find((k) => path === k || path.startsWith(`${k}.`));
    const own = field ?? (path.startsWith('steps.') ? path : '_');
    out[own] ??= message;
  }
  return out;
}

/** A list field (a product's tags) as one line of text, and back. */
export const listToText = (items: readonly string[] | undefined) => (items ?? []).join(', ');
export const textToList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
