/**
 * This browser's member mark (decision 209): an HttpOnly cookie the server signs for a company's member, so
 * that an item the member opens with the phone's camera (a page load, which carries no token) is not
 * counted as a shopper's open. Kept after sign-in and whenever the app opens signed in, dropped at sign-out.
 * Neither waits nor fails aloud: without it the member's opens are only counted.
 */
const PATH = '/api/auth/member-cookie';

/** Sends and reads the answer to its end (an answer left unread keeps its request open in the browser). */
function send(init: RequestInit): void {
  fetch(PATH, { credentials: 'same-origin', ...init })
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
}

export function keepMemberMark(accessToken: string): void {
  send({ method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
}

export function dropMemberMark(): void {
  send({ method: 'DELETE' });
}
