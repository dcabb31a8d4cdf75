/**
 * One place that reacts to a failed call, from tRPC or from apiFetch: the toast with the server's
 * message (decision 032) and the 401/410 sign-out.
 */
import { toast } from 'react-toastify';
import { signOutOnce } from '#client/session/sign-out.ts';
import { client as viClient } from '#shared/i18n/vi/client.ts';
import { NEXT_PAGE } from './toasts.ts';

export interface ApiFailure {
  /** HTTP status, or null when no HTTP answer came (network down, aborted...). */
  status: number | null;
  message: string | null;
  fields?: Record<string, string> | null;
}

/** Calls whose failure is shown by the screen itself, never as a toast. */
const NO_TOAST = new Set(['auth.verifyOldPassword']);
/** Calls for which 401 means "wrong old password", not "your session is over". */
const PASSWORD_CHECKS = new Set(['auth.verifyOldPassword', 'auth.changePassword']);

export function failureMessage(f: ApiFailure): string {
  // A transport failure's own text ('Failed to fetch') is English and browser-specific: not shown. With
  // the phone offline (the scan page works so, decision 122) the message says so.
  if (f.status === null)
    return typeof navigator !== 'undefined' && !navigator.onLine ? viClient.offline : viClient.unknownError;
  return f.message || viClient.somethingWentWrong;
}

export interface FailureContext {
  /** tRPC path ('auth.me') or REST path ('/api/uploads'). */
  path: string;
  /** Whether the request carried a bearer token: only then does 401/410 end a session. */
  hadToken: boolean;
  /** The caller shows the error itself. */
  silent?: boolean;
}

export function handleApiFailure(f: ApiFailure, ctx: FailureContext): void {
  if (f.status === null) console.error('Unknown Error', f.message);
  const endsSession = f.status === 410 || (f.status === 401 && !PASSWORD_CHECKS.has(ctx.path));
  if (endsSession && ctx.hadToken) signOutOnce();
  if (ctx.silent || NO_TOAST.has(ctx.path)) return;
  const message = failureMessage(f);
  // The message as id: the same failure from a batch of calls shows one toast, not five.
  toast.error(message, { toastId: message, ...(endsSession ? NEXT_PAGE : {}) });
}
