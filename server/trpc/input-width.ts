import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Most keys one object of a call's input may have. A form has a few dozen fields, an EPCIS event a few
 * more. A body of 20,000 unknown keys cost the strict schemas (and tRPC's message listing them) about
 * a third of a second of the event loop on a busy machine before the answer said no (decision 172):
 * such an input is refused on a count of its keys, before any schema runs.
 */
export const INPUT_KEYS_MAX = 500;

/** The refusal of an input with an object wider than INPUT_KEYS_MAX, anywhere in it; null when none is. */
export function tooWide(input: unknown): AppError | null {
  const stack: unknown[] = [input];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    // An upload's bytes (a Uint8Array the REST adapter read) are one value, not a wide object.
    if (ArrayBuffer.isView(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    let keys = 0;
    for (const key in value) {
      if (++keys > INPUT_KEYS_MAX)
        return new AppError('BAD_REQUEST', vi.errors.tooManyFields(INPUT_KEYS_MAX));
      const item = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return null;
}
