import { vi } from '#shared/i18n/vi/index.ts';

/**
 * What an EPCIS document may hold before its schema is checked (decision 175): the same parsed JSON
 * the validator sees is walked once, without recursion, and the walk stops at the first list or
 * nesting past these. Past them the schema check would cost seconds for a few kB (a list of thousands
 * of objects, compared pairwise for uniqueness), so a document past them is refused unchecked.
 */
export const EPCIS_MAX_CONTEXTS = 64;
/** Any list but the events: ids, quantities, transactions, sources, sensor readings. */
export const EPCIS_MAX_LIST = 1_000;
export const EPCIS_MAX_DEPTH = 32;
/** Values (objects, lists, strings, numbers) in the whole document. */
export const EPCIS_MAX_VALUES = 200_000;

export type EpcisBoundsResult = { ok: true } | { ok: false; message: string; path: string };

const pointer = (path: (string | number)[]) =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** Whether `doc` stays within the bounds, and where it does not (a JSON pointer, as the schema's errors give). */
export function checkEpcisBounds(doc: unknown, maxEvents: number): EpcisBoundsResult {
  const refuse = (path: (string | number)[], detail: string): EpcisBoundsResult => ({
    ok: false,
    message: vi.gs1.epcisInvalid(pointer(path) || vi.gs1.epcisRoot, detail),
    path: pointer(path),
  });
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: doc, path: [] }];
  let values = 0;
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (++values > EPCIS_MAX_VALUES) return refuse([], vi.gs1.epcisTooManyValues(EPCIS_MAX_VALUES));
    if (value === null || typeof value !== 'object') continue;
    if (path.length > EPCIS_MAX_DEPTH) return refuse(path, vi.gs1.epcisTooDeep(EPCIS_MAX_DEPTH));
    if (Array.isArray(value)) {
      const key = path.at(-1);
      const isEvents = key === 'eventList' && path.length === 2 && path[0] === 'epcisBody';
      if (isEvents && value.length > maxEvents) {
        return { ok: false, message: vi.gs1.epcisTooManyEvents(maxEvents), path: pointer(path) };
      }
      const max = isEvents ? maxEvents : key === '@context' ? EPCIS_MAX_CONTEXTS : EPCIS_MAX_LIST;
      if (value.length > max) return refuse(path, vi.gs1.epcisListTooLong(max));
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else {
      for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...path, k] });
    }
  }
  return { ok: true };
}
