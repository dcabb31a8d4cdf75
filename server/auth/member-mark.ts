import { createHmac } from 'node:crypto';
import type { AppDeps } from '#server/deps.ts';
import type { Actor } from '#server/services/actor.ts';
import { actorFromToken } from './actor.ts';

/**
 * The member mark (issue 32, decision 209): a signed note a company member's browser keeps in an HttpOnly
 * cookie, so that an item's page opened by the phone's camera (a plain navigation, no Authorization header)
 * is not counted as a shopper's open. It names the member (id and token version, like an access token) but
 * is signed with a key of its own, so it is never accepted as an access token, nor an access token as a
 * mark; it authorizes nothing, and only the serial opens read it.
 */
export const MEMBER_COOKIE = 'txng_m';
/** A mark lasts a month; the app renews it whenever a signed-in member opens it. */
export const MEMBER_MARK_TTL_SECONDS = 30 * 24 * 3600;

/** The mark's key: the app's secret, derived for this one use. */
export const memberMarkKey = (secret: Uint8Array): Uint8Array =>
  new Uint8Array(createHmac('sha256', secret).update('truy-xuat member mark').digest());

/** What `POST /api/auth/member-cookie` keeps in the browser: a mark for a company's member, else none. */
export interface MemberMarkAnswer {
  mark: string | null;
  maxAgeSeconds: number;
}

export async function signMemberMark(deps: Pick<AppDeps, 'memberMarks'>, user: Actor): Promise<MemberMarkAnswer> {
  if (user.companyId === null) return { mark: null, maxAgeSeconds: 0 };
  const mark = await deps.memberMarks.sign({ sub: String(user.id), ver: user.tokenVersion }, MEMBER_MARK_TTL_SECONDS);
  return { mark, maxAgeSeconds: MEMBER_MARK_TTL_SECONDS };
}

/**
 * The company whose member holds `mark`, or null: no mark, a forged or expired one, a member signed out
 * everywhere since (token version), disabled or deleted, or a database that cannot say (the open is then
 * counted: a shopper's open is never lost for want of an answer).
 */
export async function memberCompanyOf(
  deps: Pick<AppDeps, 'memberMarks' | 'actors'>,
  mark: string | undefined,
): Promise<number | null> {
  if (!mark || mark.length > 1024) return null;
  try {
    return (await actorFromToken({ tokens: deps.memberMarks, actors: deps.actors }, mark)).companyId ?? null;
  } catch {
    return null;
  }
}
