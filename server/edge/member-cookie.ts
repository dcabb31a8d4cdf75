import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { MEMBER_COOKIE } from '#server/auth/member-mark.ts';

/** The member mark this browser sent (decision 209), as a procedure's input field; nothing when it sent none. */
export function memberMarkOf(c: Context): { memberMark?: string } {
  const mark = getCookie(c, MEMBER_COOKIE);
  return mark ? { memberMark: mark } : {};
}
