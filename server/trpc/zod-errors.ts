import type { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * The most fields an answer names. A form has a few dozen; a body of 20,000 unknown keys (or an array of
 * 20,000 wrong items) made an answer naming each, larger than the request and slow to build (decision
 * 172): past this many, the caller has enough to fix.
 */
export const FIELD_ERRORS_MAX = 50;

/**
 * A zod error as `{ "company.email": "Email không hợp lệ" }`; the first message per field wins, the
 * first FIELD_ERRORS_MAX fields. The field names are the caller's keys (an unknown `__proto__` or
 * `constructor` too), so they are kept in a Map, never looked up on an object.
 */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields = new Map<string, string>();
  const first = (path: string, message: string) => {
    if (!fields.has(path)) fields.set(path, message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, FIELD_ERRORS_MAX)) {
        first([...issue.path, key].join('.'), vi.validation.unknownField(key));
      }
    } else {
      first(issue.path.join('.') || '_', issue.message);
    }
    if (fields.size >= FIELD_ERRORS_MAX) break;
  }
  return Object.fromEntries([...fields].slice(0, FIELD_ERRORS_MAX));
}
