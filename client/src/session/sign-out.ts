/**
 * The 401/410 rule (spec section 4): the session is cleared and the browser goes to sign-in once,
 * however many calls fail at the same moment. The flag resets when a new session is stored.
 */
import { navigate } from 'wouter/use-browser-location';
import { clearSession } from '../lib/storage.ts';

export const SESSION_CLEARED = 'txng:session-cleared';
export const SIGN_IN_PATH = '/auth/sign-in';

let signingOut = false;

export function signOutOnce(): void {
  if (signingOut) return;
  signingOut = true;
  clearSession();
  window.dispatchEvent(new Event(SESSION_CLEARED));
  if (window.location.pathname !== SIGN_IN_PATH) navigate(SIGN_IN_PATH, { replace: true });
}

/** Called when a session is stored again (sign-in, verification). */
export function armSignOut(): void {
  signingOut = false;
}
