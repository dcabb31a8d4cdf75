import {
  STEP_TRANSLATION_FIELDS,
  type StepTranslation,
  type StepTranslations,
  type Translations,
} from '#shared/translations.ts';

/** A step as its row holds it: what a shopper reads of it, and where it stands. */
export interface StepText {
  id: number;
  position: number;
  activity: string;
  location: string;
  date: string;
  description: string;
}

/** What tells a step again after a save, from the surest to the loosest: every word, then fewer of them. */
const KEYS: ((s: StepText) => string)[] = [
  (s) => JSON.stringify([s.activity, s.location, s.date, s.description]),
  (s) => JSON.stringify([s.activity, s.location, s.date]),
  (s) => JSON.stringify([s.activity, s.date]),
  (s) => JSON.stringify([s.activity]),
];

/**
 * Which new step each old one became when a timeline is saved whole (a product's steps get new rows on
 * every save): the step with the same words, else the same activity (its place, date or description
 * corrected), else the step at the same place. Which of its translations go with it is carrySteps's: only
 * the fields whose Vietnamese did not change.
 */
function matchSteps(before: readonly StepText[], after: readonly StepText[]): Map<number, number> {
  const old = [...before].sort((a, b) => a.position - b.position);
  const matched = new Map<number, number>();
  const usedNew = new Set<number>();
  for (const key of KEYS) {
    const byKey = new Map<string, StepText[]>();
    for (const o of old) {
      if (matched.has(o.id)) continue;
      const list = byKey.get(key(o)) ?? [];
      list.push(o);
      byKey.set(key(o), list);
    }
    for (const step of after) {
      if (usedNew.has(step.id)) continue;
      const found = byKey.get(key(step))?.find((o) => !matched.has(o.id));
      if (!found) continue;
      matched.set(found.id, step.id);
      usedNew.add(step.id);
    }
  }
  const atPosition = new Map(old.map((o) => [o.position, o]));
  for (const step of after) {
    const o = atPosition.get(step.position);
    if (usedNew.has(step.id) || !o || matched.has(o.id)) continue;
    matched.set(o.id, step.id);
    usedNew.add(step.id);
  }
  return matched;
}

/** Whether a row's translations name any step (only then is a timeline's save worth a look). */
export const translatesSteps = (translations: Translations<{ steps?: StepTranslations }>) =>
  Object.values(translations).some((t) => t?.steps && Object.keys(t.steps).length > 0);

/**
 * The translations with each step's moved to the id it now has (matchSteps), each field only while its
 * Vietnamese is the same on both sides: a translation is of a text, so a corrected text, or another step
 * that took the place, shows its Vietnamese (marked) until it is translated again, never words of another.
 */
export function carrySteps<T extends { steps?: StepTranslations }>(
  translations: Translations<T>,
  before: readonly StepText[],
  after: readonly StepText[],
): Translations<T> {
  const matched = matchSteps(before, after);
  const was = new Map(before.map((s) => [s.id, s]));
  const now = new Map(after.map((s) => [s.id, s]));
  const carried: Translations<T> = {};
  for (const [lang, translation] of Object.entries(translations) as [
    keyof Translations<T>,
    T | undefined,
  ][]) {
    if (!translation) continue;
    const { steps, ...fields } = translation;
    const moved: StepTranslations = {};
    for (const [id, step] of Object.entries(steps ?? {})) {
      const to = matched.get(Number(id));
      const from = was.get(Number(id));
      const into = to === undefined ? undefined : now.get(to);
      if (!from || !into) continue;
      const kept: StepTranslation = {};
      for (const field of STEP_TRANSLATION_FIELDS)
        if (step[field] !== undefined && from[field] === into[field]) kept[field] = step[field];
      if (Object.keys(kept).length) moved[String(to)] = kept;
    }
    const next = { ...fields, ...(Object.keys(moved).length ? { steps: moved } : {}) } as T;
    if (Object.keys(next).length) carried[lang] = next;
  }
  return carried;
}
