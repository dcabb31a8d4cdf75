/**
 * The auth state as a pure reducer, so its transitions (decision 032) are testable
 * without React. leftMenuPaths follows the user's role through the shared navigation config.
 */
import { leftMenuPaths } from '#shared/navigation.ts';
import type { Role } from '#shared/permissions.ts';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  companyId: number | null;
  [field: string]: unknown;
}

export interface UserRoleInfo {
  email: string;
  isBusiness: 'yes' | 'no';
  password: string;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  currentUser: SessionUser | null;
  isLoggedIn: boolean;
  currentOnboardingStep: number;
  userRoleInfo: UserRoleInfo;
  leftMenuPaths: string[];
  error: string | null;
}

export type SessionAction =
  | { type: 'INITIALIZED'; user: SessionUser | null }
  | { type: 'LOGGED_IN'; user: SessionUser }
  | { type: 'LOGIN_FAILED'; message: string }
  | { type: 'LOGGED_OUT' }
  | { type: 'USER_UPDATED'; user: SessionUser }
  | { type: 'ONBOARDING_STEP'; step: number }
  | { type: 'USER_ROLE_INFO'; info: Partial<UserRoleInfo> };

/** A visitor: what the menus and guards use when nobody is signed in. */
export const GUEST_ROLE: Role = 'GUEST';

export const initialSessionState: SessionState = {
  status: 'loading',
  currentUser: null,
  isLoggedIn: false,
  currentOnboardingStep: -1,
  userRoleInfo: { email: '', isBusiness: 'no', password: '' },
  leftMenuPaths: leftMenuPaths(GUEST_ROLE),
  error: null,
};

const signedIn = (state: SessionState, user: SessionUser): SessionState => ({
  ...state,
  status: 'authenticated',
  currentUser: user,
  isLoggedIn: true,
  error: null,
  leftMenuPaths: leftMenuPaths(user.role),
});

const signedOut = (state: SessionState): SessionState => ({
  ...state,
  status: 'unauthenticated',
  currentUser: null,
  isLoggedIn: false,
  leftMenuPaths: leftMenuPaths(GUEST_ROLE),
});

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'INITIALIZED':
      return action.user ? signedIn(state, action.user) : signedOut(state);
    case 'LOGGED_IN':
      return signedIn(state, action.user);
    case 'LOGIN_FAILED':
      return { ...signedOut(state), error: action.message };
    case 'LOGGED_OUT':
      return { ...signedOut(state), error: null, userRoleInfo: initialSessionState.userRoleInfo };
    case 'USER_UPDATED':
      return state.isLoggedIn ? signedIn(state, action.user) : state;
    case 'ONBOARDING_STEP':
      return { ...state, currentOnboardingStep: action.step };
    case 'USER_ROLE_INFO':
      return { ...state, userRoleInfo: { ...state.userRoleInfo, ...action.info } };
  }
}

/** The role menus and guards use: the user's, or GUEST for a visitor. */
export const roleOf = (state: Pick<SessionState, 'currentUser'>): Role =>
  state.currentUser?.role ?? GUEST_ROLE;
