import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { afterAnswer } from './after-answer.ts';
import type { UserRow } from './session.ts';

/**
 * The addresses an account signed in from (decision 173), so that its owner there is served first when
 * strangers fill the password-hashing queue. Kept on the user's row (both engines, every instance sees
 * them), at most KNOWN_ADDRESSES_MAX, most recent first: bounded per account, whatever the number of
 * addresses a caller has. Stored as keyed hashes (HMAC with the app's secret): a copy of the database
 * alone does not list where people sign in from.
 *
 * Being known only moves a sign-in ahead in the hashing queue; every limit still counts it.
 */
export const KNOWN_ADDRESSES_MAX = 5;

const markOf = (deps: Pick<AppDeps, 'settings'>, ip: string) =>
  createHmac('sha256', deps.settings.jwtSecret)
    .update(`sign-in-address\0${ip}`)
    .digest('base64url')
    .slice(0, 16);

const marksOf = (user: Pick<UserRow, 'signInAddresses'>) =>
  (user.signInAddresses ?? '').split(' ').filter(Boolean);

/** Whether the account has signed in from `ip` (among its last KNOWN_ADDRESSES_MAX addresses). */
export function isKnownAddress(
  deps: Pick<AppDeps, 'settings'>,
  user: Pick<UserRow, 'signInAddresses'>,
  ip: string,
): boolean {
  return marksOf(user).includes(markOf(deps, ip));
}

/**
 * After a successful sign-in from `ip`: the address becomes the account's most recent. Written after the
 * answer (a sign-in does not wait for a write, and a failed write costs only the priority), and not at
 * all when it already is the most recent. The row's `updatedAt` is the person's edits', so it is kept.
 */
export function rememberAddress(
  deps: Pick<AppDeps, 'db' | 'settings' | 'logger' | 'afterAnswerJobs'>,
  user: Pick<UserRow, 'id' | 'signInAddresses' | 'updatedAt'>,
  ip: string,
): void {
  const mark = markOf(deps, ip);
  const marks = marksOf(user);
  if (marks[0] === mark) return;
  const signInAddresses = [mark, ...marks.filter((m) => m !== mark)].slice(0, KNOWN_ADDRESSES_MAX).join(' ');
  afterAnswer(deps, 'sign-in-address', async () => {
    await deps.db
      .update(users)
      .set({ signInAddresses, updatedAt: user.updatedAt })
      .where(eq(users.id, user.id));
  });
}
