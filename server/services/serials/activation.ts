import { timingSafeEqual } from 'node:crypto';
import { and, isNull } from 'drizzle-orm';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LimitScope, limitedSerialPin } from '#server/security/limits.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { formatDate } from '#shared/vietnam-time.ts';
import { isSerialShaped } from '#shared/serials.ts';
import { findSerial, ofItem } from './lookup.ts';
import { serialPin } from './pin.ts';

const m = vi.serialVerdict;

export interface PinAnswer {
  /** True for the one request whose right PIN activated the item; false when it was activated before. */
  activatedNow: boolean;
  activatedAt: string;
  message: string;
}

function samePin(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // The schema takes 6 digits only; a different length is still compared, against itself, to take the same time.
  if (a.length !== b.length) return !timingSafeEqual(b, b);
  return timingSafeEqual(a, b);
}

/**
 * POST /api/serials/{serial}/verify (decision 208): the scratch-off PIN, recomputed from the batch's key and
 * compared in constant time. The first right PIN activates the item (one conditional UPDATE: of parallel
 * right PINs exactly one activates); a later one says when. Wrong PINs, an unknown serial and a batch
 * without PINs all count against the serial's and the address's limits, and answer alike.
 */
export async function verifySerialPin(
  deps: Pick<AppDeps, 'db' | 'serialItems'> & LimitScope,
  serial: string,
  pin: string,
): Promise<PinAnswer> {
  return limitedSerialPin(deps, serial, async () => {
    const found = isSerialShaped(serial) ? await findSerial(deps.db, serial) : null;
    const expected = found?.batch.withPin ? serialPin(found.batch.pinKey, serial) : '000000';
    const right = samePin(pin, expected);
    if (!found?.batch.withPin || !right)
      throw new AppError('BAD_REQUEST', m.pinWrong, { fields: { pin: m.pinWrong } });
    if (found.voided || found.batch.voidedAt)
      throw new AppError('BAD_REQUEST', vi.serialVerdict.voided, {
        fields: { serial: vi.serialVerdict.voided },
      });
    const now = new Date();
    const answer = await transaction(deps.db, async (tx) => {
      const { serialStates } = tx.tables;
      await tx
        .insert(serialStates)
        .values({ batchId: found.batch.id, seq: found.seq, companyId: found.batch.companyId })
        .onConflictDoNothing();
      const won = await tx
        .update(serialStates)
        .set({ activatedAt: now })
        .where(and(ofItem(serialStates, found), isNull(serialStates.activatedAt)))
        .returning({ at: serialStates.activatedAt });
      if (won.length) return { activatedNow: true, activatedAt: now.toISOString(), message: m.activatedNow };
      const [row] = await tx
        .select({ at: serialStates.activatedAt })
        .from(serialStates)
        .where(ofItem(serialStates, found))
        .limit(1);
      const at = (row?.at ?? now).toISOString();
      return { activatedNow: false, activatedAt: at, message: m.activatedBefore(formatDate(at)) };
    });
    // The kept item shows its activation from now on (decision 230).
    deps.serialItems.forget({ serial });
    return answer;
  });
}
