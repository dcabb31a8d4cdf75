import { describe, expect, it } from 'vitest';
import { initialSessionState, type SessionUser, sessionReducer } from '#client/session/session-reducer.ts';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  name: 'Nguyễn An',
  email: 'an@example.test',
  role,
  avatar: null,
  companyId: role === 'COMPANY_ADMIN' ? 3 : null,
});

describe('[client][session]: the session reducer', () => {
  it('[client][session]: starts loading, signed out, onboarding step -1, with the visitor menu', () => {
    expect(initialSessionState).toMatchObject({
      status: 'loading',
      isLoggedIn: false,
      currentUser: null,
      currentOnboardingStep: -1,
      leftMenuPaths: ['/products', '/scan-qr', '/auth/sign-in'],
    });
  });
  it('[COMPANY_ADMIN][session]: initialized with a user: authenticated, logged in, the role menu paths', () => {
    const s = sessionReducer(initialSessionState, { type: 'INITIALIZED', user: user('COMPANY_ADMIN') });
    expect(s.status).toBe('authenticated');
    expect(s.isLoggedIn).toBe(true);
    expect(s.currentUser?.email).toBe('an@example.test');
    expect(s.leftMenuPaths).toContain('/users');
    expect(s.leftMenuPaths).toContain('/company/settings');
    expect(s.leftMenuPaths).not.toContain('/auth/sign-in');
  });
  it('[GUEST][session]: initialized without a user: unauthenticated', () => {
    const s = sessionReducer(initialSessionState, { type: 'INITIALIZED', user: null });
    expect(s).toMatchObject({ status: 'unauthenticated', isLoggedIn: false, currentUser: null });
  });
  it('[USER][session]: a failed login stores the message and leaves isLoggedIn false', () => {
    const s = sessionReducer(initialSessionState, {
      type: 'LOGIN_FAILED',
      message: 'Email hoặc mật khẩu không đúng',
    });
    expect(s).toMatchObject({ isLoggedIn: false, error: 'Email hoặc mật khẩu không đúng' });
    const ok = sessionReducer(s, { type: 'LOGGED_IN', user: user('USER') });
    expect(ok).toMatchObject({ isLoggedIn: true, error: null, status: 'authenticated' });
  });
  it('[USER][session]: logging out clears the user, the role menu and the onboarding answers', () => {
    let s = sessionReducer(initialSessionState, { type: 'LOGGED_IN', user: user('USER') });
    s = sessionReducer(s, { type: 'USER_ROLE_INFO', info: { email: 'an@example.test', isBusiness: 'yes' } });
    s = sessionReducer(s, { type: 'LOGGED_OUT' });
    expect(s).toMatchObject({ status: 'unauthenticated', isLoggedIn: false, currentUser: null });
    expect(s.userRoleInfo).toEqual({ email: '', isBusiness: 'no', password: '' });
    expect(s.leftMenuPaths).toContain('/auth/sign-in');
  });
  it('[USER][session]: a profile update replaces the user only while signed in', () => {
    const signedIn = sessionReducer(initialSessionState, { type: 'LOGGED_IN', user: user('USER') });
    const renamed = sessionReducer(signedIn, {
      type: 'USER_UPDATED',
      user: { ...user('USER'), name: 'Trần Bình' },
    });
    expect(renamed.currentUser?.name).toBe('Trần Bình');
    const out = sessionReducer(initialSessionState, { type: 'USER_UPDATED', user: user('USER') });
    expect(out.currentUser).toBeNull();
  });
  it('[client][session]: the onboarding step is kept', () => {
    expect(
      sessionReducer(initialSessionState, { type: 'ONBOARDING_STEP', step: 2 }).currentOnboardingStep,
    ).toBe(2);
  });
});
