/** Field errors for forms, from the shared zod schemas (client side) or the server's `fields`. */
import type { ZodError } from 'zod';
import { errorData } from '#client/lib/trpc.ts';

export type FieldErrors = Record<string, string>;

/** `{ 'company.email': 'Email không hợp lệ' }`: the same keys the server uses; the first message wins. */
export function zodErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's field errors on a failed call, if it sent any. */
export const serverErrors = (err: unknown): FieldErrors => errorData(err).fields ?? {};
