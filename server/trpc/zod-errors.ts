import type { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';

/** A zod error as `{ "company.email": "Email không hợp lệ" }`; the first message per field wins. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join('.');
        fields[path] ??= vi.validation.unknownField(key);
      }
      continue;
    }
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}
