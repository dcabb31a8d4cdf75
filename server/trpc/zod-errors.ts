import type { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * A zod error as `{ "company.email": "Email không hợp lệ" }`; the first message per field wins. The
 * field names are the caller's keys (an unknown `__proto__` or `constructor` too), so they are kept in
 * a Map, never looked up on an object.
 */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields = new Map<string, string>();
  const first = (path: string, message: string) => {
    if (!fields.has(path)) fields.set(path, message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) first([...issue.path, key].join('.'), vi.validation.unknownField(key));
      continue;
    }
    first(issue.path.join('.') || '_', issue.message);
  }
  return Object.fromEntries(fields);
}
