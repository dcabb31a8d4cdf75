/**
 * The 401/410 rule (decision 032): the session is cleared and the browser goes to sign-in once,
 * however many calls fail at the same moment. The flag resets when a new session is stored.
 */
import { navigate } from 'wouter/use-browser-location';
import { SIGN_IN_PATH, signInPathFor } from '#client/lib/next-path.ts';
import { clearSession } from '#client/lib/storage.ts';

export { SIGN_IN_PATH };
export const SESSION_CLEARED = 'txng:session-cleared';

let signingOut = false;

export function signOutOnce(): void {
  if (signingOut) return;
  signingOut = true;
  clearSession();
  window.dispatchEvent(new Event(SESSION_CLEARED));
  // After signing in again, the person is back on the page the ended session was showing.
  const { pathname, search, hash } = window.location;
  if (pathname !== SIGN_IN_PATH) navigate(signInPathFor(`${pathname}${search}${hash}`), { replace: true });
}

/** Called when a session is stored again (sign-in, verification). */
export function armSignOut(): void {
  signingOut = false;
}
