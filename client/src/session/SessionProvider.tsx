/**
 * The session for the whole app (decision 032): loading, then authenticated when a stored token is
 * still valid and auth.me answers, otherwise unauthenticated.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type Dispatch,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import { useLocation } from 'wouter';
import { useTRPCClient } from '#client/lib/trpc.ts';
import {
  clearSession,
  getAccessToken,
  rememberLogin,
  type StoredSession,
  setSession,
} from '#client/lib/storage.ts';
import { isValidToken } from '#client/lib/token.ts';
import {
  initialSessionState,
  type SessionAction,
  type SessionState,
  type SessionUser,
  sessionReducer,
} from './session-reducer.ts';
import { dropMemberMark, keepMemberMark } from './member-mark.ts';
import { armSignOut, SESSION_CLEARED, SIGN_IN_PATH } from './sign-out.ts';

interface SessionValue {
  state: SessionState;
  dispatch: Dispatch<SessionAction>;
  /** Stores a session from login or e-mail verification and signs the user in. */
  signIn: (session: StoredSession, user: SessionUser) => void;
  /** Clears the local session, drops the member mark and goes to sign-in (tokens themselves simply expire). */
  signOut: () => void;
}

/** Drops every cached answer that belonged to the user; the public server config stays. */
function clearUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => (q.queryKey[0] as string[] | undefined)?.[0] !== 'system' });
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    let cancelled = false;
    const token = getAccessToken();
    if (!isValidToken(token)) {
      if (token) clearSession();
      dispatch({ type: 'INITIALIZED', user: null });
      return;
    }
    client.auth.me
      .query()
      .then((user) => {
        if (cancelled) return;
        dispatch({ type: 'INITIALIZED', user });
        // Renewed each time the app opens signed in: a member's mark outlives no sign-out by more than a month.
        if (user.companyId !== null && token) keepMemberMark(token);
      })
      .catch(() => !cancelled && dispatch({ type: 'INITIALIZED', user: null }));
    return () => {
      cancelled = true;
    };
  }, [client]);

  useEffect(() => {
    const onCleared = () => {
      dropMemberMark();
      dispatch({ type: 'LOGGED_OUT' });
      clearUserQueries(queryClient);
    };
    window.addEventListener(SESSION_CLEARED, onCleared);
    return () => window.removeEventListener(SESSION_CLEARED, onCleared);
  }, [queryClient]);

  const signIn = useCallback(
    (session: StoredSession, user: SessionUser) => {
      setSession(session);
      rememberLogin(user.email);
      armSignOut();
      dispatch({ type: 'LOGGED_IN', user });
      if (user.companyId !== null) keepMemberMark(session.accessToken);
      // A visitor's scans kept on this phone move into the account, silently on failure (decision 062).
      // Loaded on sign-in, not in the entry: the history code reaches shared/schemas (zod), which the
      // public pages must not load (decision 074).
      void import('#client/features/history/merge.ts')
        .then(({ mergeGuestHistory }) => mergeGuestHistory(client, queryClient))
        .catch(() => false);
    },
    [client, queryClient],
  );

  const signOut = useCallback(() => {
    try {
      clearSession();
      dropMemberMark();
      dispatch({ type: 'LOGGED_OUT' });
      clearUserQueries(queryClient);
      navigate(SIGN_IN_PATH);
    } catch (err) {
      console.error(err);
    }
  }, [queryClient, navigate]);

  const value = useMemo(() => ({ state, dispatch, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const ignore = () => undefined;

/**
 * A visitor's session as it stands before the app has asked the server anything (status 'loading',
 * signed out): the server renders public pages' first view inside it (first-view/render-product.tsx),
 * so the header and menu there are what the app shows in its own first frame.
 */
export function VisitorSessionProvider({ children }: { children: ReactNode }) {
  const value = useMemo(
    () => ({ state: initialSessionState, dispatch: ignore, signIn: ignore, signOut: ignore }),
    [],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
