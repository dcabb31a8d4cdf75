import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleApiFailure } from '#client/lib/api-errors.ts';
import { armSignOut, SESSION_CLEARED } from '#client/session/sign-out.ts';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

let cleared = 0;
const onCleared = () => cleared++;
beforeEach(() => {
  cleared = 0;
  armSignOut();
  window.addEventListener(SESSION_CLEARED, onCleared);
  window.history.replaceState(null, '', '/products/manage');
  localStorage.setItem('session', JSON.stringify({ accessToken: 'a.b.c', permissions: [] }));
});
afterEach(() => {
  window.removeEventListener(SESSION_CLEARED, onCleared);
  vi.mocked(toast.error).mockClear();
});

describe('[client][errors]: failed calls', () => {
  it("[client][errors]: a failure toasts the server's message", () => {
    handleApiFailure(
      { status: 403, message: 'Bạn không có quyền thực hiện thao tác này' },
      { path: 'users.list', hadToken: true },
    );
    expect(toast.error).toHaveBeenCalledWith('Bạn không có quyền thực hiện thao tác này', expect.anything());
    expect(cleared).toBe(0);
  });
  it("[client][errors]: without a message the toast says 'Something went wrong!' in Vietnamese; no answer at all is 'Unknown Error'", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    handleApiFailure({ status: 500, message: null }, { path: 'x', hadToken: false });
    expect(toast.error).toHaveBeenLastCalledWith('Đã có lỗi xảy ra!', expect.anything());
    handleApiFailure({ status: null, message: 'Failed to fetch' }, { path: 'x', hadToken: false });
    expect(toast.error).toHaveBeenLastCalledWith('Lỗi không xác định', expect.anything());
    expect(log).toHaveBeenCalledWith('Unknown Error', 'Failed to fetch');
    log.mockRestore();
  });
  it('[client][errors]: 401 and 410 clear the session and go to sign-in once, however many calls fail', () => {
    handleApiFailure({ status: 401, message: 'a' }, { path: 'auth.me', hadToken: true });
    handleApiFailure({ status: 410, message: 'b' }, { path: 'users.list', hadToken: true });
    expect(cleared).toBe(1);
    expect(localStorage.getItem('session')).toBeNull();
    expect(window.location.pathname).toBe('/auth/sign-in');
  });
  it('[client][errors]: a 401 without a token (wrong password at sign-in) does not sign anyone out', () => {
    handleApiFailure(
      { status: 401, message: 'Email hoặc mật khẩu không đúng' },
      { path: 'auth.login', hadToken: false },
    );
    expect(cleared).toBe(0);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
  it('[client][errors]: verify-old-password shows no toast and its 401 (wrong old password) keeps the session', () => {
    handleApiFailure(
      { status: 401, message: 'Mật khẩu cũ không đúng' },
      { path: 'auth.verifyOldPassword', hadToken: true },
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(cleared).toBe(0);
  });
  it('[client][errors]: a silent call shows no toast but still ends a revoked session', () => {
    handleApiFailure({ status: 410, message: 'x' }, { path: 'auth.me', hadToken: true, silent: true });
    expect(toast.error).not.toHaveBeenCalled();
    expect(cleared).toBe(1);
  });
});
