import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import {
  RESEND_INTERVAL_SECONDS,
  VERIFY_CODE_MAX_ATTEMPTS,
  VERIFY_CODE_TTL_MINUTES,
} from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { UserRow } from './session.ts';

/**
 * 6-digit codes are few, so they are stored as an HMAC keyed with the server secret (a stolen database
 * does not reveal them) and each code allows a handful of attempts within 15 minutes.
 */
function codeHash(secret: Uint8Array, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** Creates a fresh code, replacing older ones in effect (only the newest is checked), and mails it. */
export async function sendVerificationCode(deps: AppDeps, user: UserRow): Promise<void> {
  const { emailVerificationCodes } = deps.db.tables;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.insert(emailVerificationCodes).values({
    userId: user.id,
    codeHash: codeHash(deps.settings.jwtSecret, user.id, code),
    expiresAt: new Date(Date.now() + VERIFY_CODE_TTL_MINUTES * 60_000),
  });
  await deps.mailer.send({
    to: user.email,
    subject: vi.mail.verifySubject,
    text: vi.mail.verifyText(user.name, code, VERIFY_CODE_TTL_MINUTES),
  });
}

async function latestCode(deps: AppDeps, userId: number) {
  const { emailVerificationCodes } = deps.db.tables;
  const [row] = await deps.db
    .select()
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.consumedAt)))
    .orderBy(desc(emailVerificationCodes.id))
    .limit(1);
  return row;
}

/** Seconds until another code may be sent, or 0. */
export async function resendWait(deps: AppDeps, userId: number): Promise<number> {
  const last = await latestCode(deps, userId);
  if (!last) return 0;
  const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
  return elapsed >= RESEND_INTERVAL_SECONDS ? 0 : Math.ceil(RESEND_INTERVAL_SECONDS - elapsed);
}

/** Checks a code and consumes it. Every wrong try counts; the code dies after the last allowed one. */
export async function consumeVerificationCode(deps: AppDeps, userId: number, code: string): Promise<void> {
  const { emailVerificationCodes } = deps.db.tables;
  const row = await latestCode(deps, userId);
  if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= VERIFY_CODE_MAX_ATTEMPTS) {
    throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(codeHash(deps.settings.jwtSecret, userId, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await deps.db
      .update(emailVerificationCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailVerificationCodes.id, row.id));
    throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
  }
  await deps.db
    .update(emailVerificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(emailVerificationCodes.userId, userId));
}
