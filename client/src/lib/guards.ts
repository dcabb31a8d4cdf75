/**
 * The guards' decisions as pure functions (decision 030), so they are tested without a browser.
 * Each answers 'wait' (session or config still loading), null (render), or a path to redirect to.
 */
import { pathAllowed } from '#shared/navigation.ts';
import type { Role } from '#shared/permissions.ts';
import { pagePath } from '#shared/public-pages.ts';
import { roleOf, type SessionState } from '#client/session/session-reducer.ts';
import { nextFromSearch, signInPathFor } from './next-path.ts';

export type GuardDecision = 'wait' | null | string;
type GuardState = Pick<SessionState, 'status' | 'isLoggedIn' | 'currentUser' | 'leftMenuPaths'>;

/** The scanned-products view, where USERs (and visitors) start. */
export const USER_HOME = pagePath('visitorHistory');

/** Where a role goes after signing in: USER to the scanned products, every other role to the configured path. */
export function postAuthPath(role: Role, defaultRedirectPath: string): string {
  return role === 'USER' || role === 'GUEST' ? USER_HOME : defaultRedirectPath;
}

/**
 * Auth pages (sign-in, sign-up...): a signed-in user has nothing to do there. They go to the page
 * they were sent to sign-in from (`?next=`, a path of this app only), else to their post-auth path;
 * a `next` outside their menu is then handled by the dashboard guard like any other address.
 */
export function authGuard(
  state: GuardState,
  defaultRedirectPath: string | undefined,
  search = '',
): GuardDecision {
  if (state.status === 'loading') return 'wait';
  if (!state.isLoggedIn) return null;
  const next = nextFromSearch(search);
  if (next) return next;
  if (defaultRedirectPath === undefined) return 'wait';
  return postAuthPath(roleOf(state), defaultRedirectPath);
}

/** The first path of the menu list a user may land on (patterns such as /a/* are not pages). */
export const firstAllowedPath = (allowed: readonly string[]): string =>
  allowed.find((p) => !p.includes('*')) ?? '/403';

/**
 * Dashboard pages: visitors go to sign-in, which returns them here (`search` is kept with the path);
 * a path outside the user's menu goes to the first allowed one.
 */
export function dashboardGuard(state: GuardState, pathname: string, search = ''): GuardDecision {
  if (state.status === 'loading') return 'wait';
  if (pathAllowed(state.leftMenuPaths, pathname)) return null;
  if (!state.isLoggedIn) return signInPathFor(search ? `${pathname}?${search.replace(/^\?/, '')}` : pathname);
  return firstAllowedPath(state.leftMenuPaths);
}

export const isComingSoon = (comingSoonDate: string | null | undefined, nowMs = Date.now()): boolean => {
  if (!comingSoonDate) return false;
  const at = Date.parse(comingSoonDate);
  return !Number.isNaN(at) && at > nowMs;
};

/**
 * '/': people whose menu has no Home (visitors, USERs) see the coming-soon page while the date is in
 * the future, otherwise go to their post-auth path; staff get the dashboard as any other page.
 */
export function rootGuard(
  state: GuardState,
  config: { comingSoonDate: string | null; defaultRedirectPath: string } | undefined,
  nowMs = Date.now(),
): GuardDecision | 'coming-soon' {
  if (state.status === 'loading' || !config) return 'wait';
  if (pathAllowed(state.leftMenuPaths, '/')) return null;
  if (isComingSoon(config.comingSoonDate, nowMs)) return 'coming-soon';
  return postAuthPath(roleOf(state), config.defaultRedirectPath);
}
