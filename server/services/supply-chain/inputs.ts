import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { cycleCheck } from '#server/db/lot-graph.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { AddInputsInput } from '#shared/schemas/supply-chain.ts';
import { TRACE_MAX_DEPTH } from '#shared/supply-chain.ts';
import { lotFacts, lotSummary } from './lot-facts.ts';
import { balanceOf, blockedReason } from './movements.ts';

const m = vi.supplyChain.inputs;

/** One "made from" link as answered: the other lot, and how much of the input went in. */
async function linksOf(db: Executor, lotId: number, side: 'inputs' | 'usedIn') {
  const { lotInputs } = db.tables;
  const [mine, other] =
    side === 'inputs' ? [lotInputs.lotId, lotInputs.inputLotId] : [lotInputs.inputLotId, lotInputs.lotId];
  const rows = await db
    .select({ other, quantity: lotInputs.quantity, unit: lotInputs.unit })
    .from(lotInputs)
    .where(eq(mine, lotId))
    .orderBy(asc(lotInputs.id));
  const facts = await lotFacts(
    db,
    rows.map((r) => r.other),
  );
  return rows.flatMap((r) => {
    const fact = facts.get(r.other);
    return fact ? [{ lot: lotSummary(fact), quantity: r.quantity, unit: r.unit }] : [];
  });
}

/** GET /lots/{id}/inputs: the lots this lot was made from. */
export async function listInputs(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const lot = await requireLotInScope(deps.db, scope, lotId);
  return linksOf(deps.db, lot.id, 'inputs');
}

/** The lots made from this one (its uses as an input). */
export const usedInOf = (db: Executor, lotId: number) => linksOf(db, lotId, 'usedIn');
export const inputsOf = (db: Executor, lotId: number) => linksOf(db, lotId, 'inputs');

/**
 * POST /lots/{id}/inputs: the lot was made from these lots of the same company (decision 202). All or none:
 * another company's lot is 404 like a missing one; a lot on hold or recalled, the lot itself, one given twice
 * or already an input are refused; a link that would close a cycle is refused with the lot that closes it.
 * Using more of an input than it has is saved and warned (its mass balance). `eventId`: the EPCIS
 * TransformationEvent the links are imported from (decision 203), inside the import's own transaction.
 */
export async function addInputs(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  input: AddInputsInput,
  eventId: string | null = null,
) {
  const { lotInputs, lots } = deps.db.tables;
  try {
    return await transaction(deps.db, async (tx) => {
      const lot = await requireLotInScope(tx, scope, input.lotId);
      const ids = input.inputs.map((i) => i.lotId);
      const found = await tx
        .select()
        .from(lots)
        .where(and(inArray(lots.id, ids), eq(lots.companyId, lot.companyId)));
      const byId = new Map(found.map((r) => [r.id, r]));
      const seen = new Set<number>();
      for (const id of ids) {
        const other = byId.get(id);
        if (!other) throw new AppError('NOT_FOUND', m.inputLotNotFound(id));
        if (id === lot.id) throw new AppError('BAD_REQUEST', m.self);
        if (seen.has(id)) throw new AppError('BAD_REQUEST', m.repeated(other.code));
        seen.add(id);
        const blocked = blockedReason(other, 'input');
        if (blocked) throw new AppError('CONFLICT', blocked);
      }
      const existing = await tx
        .select({ inputLotId: lotInputs.inputLotId })
        .from(lotInputs)
        .where(and(eq(lotInputs.lotId, lot.id), inArray(lotInputs.inputLotId, ids)));
      const already = existing[0] && byId.get(existing[0].inputLotId);
      if (already) throw new AppError('CONFLICT', m.already(already.code));
      for (const id of ids) {
        const verdict = await cycleCheck(tx, [id], lot.id, TRACE_MAX_DEPTH);
        if (verdict === 'cycle')
          throw new AppError('CONFLICT', m.cycle((byId.get(id) as { code: string }).code));
        if (verdict === 'tooDeep') throw new AppError('CONFLICT', m.tooDeep);
      }
      await tx.insert(lotInputs).values(
        input.inputs.map((i) => ({
          companyId: lot.companyId,
          lotId: lot.id,
          inputLotId: i.lotId,
          quantity: i.quantity,
          unit: i.unit,
          eventId,
          createdBy: actor.id,
        })),
      );
      const warnings: string[] = [];
      for (const id of ids) {
        const other = byId.get(id);
        if (other)
          for (const w of (await balanceOf(tx, other)).warnings) warnings.push(`${other.code}: ${w}`);
      }
      return { inputs: await inputsOf(tx, lot.id), warnings };
    });
  } catch (err) {
    // Saved by another request since the check: the same answer as the check's.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT');
    throw err;
  }
}

/** DELETE /lots/{id}/inputs/{inputLotId}: the link goes; both lots stay. */
export async function removeInput(
  deps: AppDeps,
  scope: CompanyScope,
  input: { lotId: number; inputLotId: number },
) {
  const { lotInputs } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const lot = await requireLotInScope(tx, scope, input.lotId);
    const removed = await tx
      .delete(lotInputs)
      .where(and(eq(lotInputs.lotId, lot.id), eq(lotInputs.inputLotId, input.inputLotId)))
      .returning({ id: lotInputs.id });
    if (!removed.length) throw new AppError('NOT_FOUND', m.notFound);
    return { lotId: lot.id, inputLotId: input.inputLotId };
  });
}
