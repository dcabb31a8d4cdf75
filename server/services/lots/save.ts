import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { inIds, reachLots } from '#server/db/lot-graph.ts';
import { newEventId, type Tables } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { generateCode } from '#server/services/codes.ts';
import { requireProductInScope } from '#server/services/products/read.ts';
import { timelineStep } from '#server/services/products/records.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreateLotInput, LotEventInput, UpdateLotInput } from '#shared/schemas/lots.ts';
import { TRACE_MAX_DEPTH, TRACE_MAX_LOTS } from '#shared/supply-chain.ts';
import { getLot, type LotRow, lotEventColumns, requireLotInScope } from './read.ts';

const l = vi.lots;

const codeTaken = () => new AppError('CONFLICT', l.codeTaken, { fields: { code: l.codeTaken } });

/** What the lot editor shows of a step: what it may change. */
const SHOWN = ['activity', 'location', 'date', 'description', 'bizStep', 'gln'] as const;

/**
 * Replaces a lot's own timeline with `events`, in order. Run inside the lot's transaction. A step sent back
 * with its id keeps its row (decision 193): moved, it keeps everything; edited, it takes the new words and
 * becomes the company's own step (a new eventID, no longer the EPCIS event it was imported as). Its time of
 * day, business step and GLN stay when the editor sends the day alone or leaves them out.
 */
export async function replaceLotEvents(
  tx: Executor,
  lotId: number,
  companyId: number,
  events: LotEventInput[],
): Promise<void> {
  const { lotEventObjects, lotEvents } = tx.tables;
  // What the editor shows, not the events kept as received: a long imported journey stays unread.
  const rows = await tx
    .select({ ...lotEventColumns(lotEvents), position: lotEvents.position })
    .from(lotEvents)
    .where(eq(lotEvents.lotId, lotId));
  const held = new Map(rows.map((row) => [row.id, row]));
  const fresh: Array<typeof lotEvents.$inferInsert> = [];
  const kept = new Set<number>();
  for (const [position, e] of events.entries()) {
    const row = e.id === undefined || kept.has(e.id) ? undefined : held.get(e.id);
    const step = {
      ...timelineStep(e, position),
      bizStep: e.bizStep === undefined ? (row?.bizStep ?? null) : e.bizStep,
      gln: e.gln === undefined ? (row?.gln ?? null) : e.gln,
    };
    if (!row) {
      fresh.push({ lotId, companyId, ...step });
      continue;
    }
    kept.add(row.id);
    if (row.date.slice(0, 10) === step.date) step.date = row.date;
    if (SHOWN.every((k) => step[k] === row[k])) {
      if (row.position !== position)
        await tx.update(lotEvents).set({ position }).where(eq(lotEvents.id, row.id));
      continue;
    }
    await tx.delete(lotEventObjects).where(eq(lotEventObjects.lotEventId, row.id));
    await tx
      .update(lotEvents)
      .set({ ...step, eventId: newEventId(), eventHash: null, epcis: null, epcisContext: null })
      .where(eq(lotEvents.id, row.id));
  }
  const gone = [...held.keys()].filter((id) => !kept.has(id));
  if (gone.length) await tx.delete(lotEvents).where(inArray(lotEvents.id, gone));
  if (fresh.length) await tx.insert(lotEvents).values(fresh);
}

export interface LotFields {
  code: string;
  productionDate?: string | null;
  expiryDate?: string | null;
  expiryKind?: 'EXPIRY' | 'BEST_BEFORE';
  quantity?: number | null;
  unit?: string | null;
}

const orNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : v;

/**
 * Inserts a lot and its timeline: the one way a lot row is born (the service, the import and the demo
 * seed). Run inside a transaction; a code the product already has throws the unique violation.
 */
export async function insertLotRecord(
  tx: Executor,
  companyId: number,
  productId: number,
  fields: LotFields,
  events: LotEventInput[] = [],
): Promise<LotRow> {
  const { lots } = tx.tables;
  const [inserted] = await tx
    .insert(lots)
    .values({
      companyId,
      productId,
      code: fields.code,
      productionDate: fields.productionDate ?? null,
      expiryDate: fields.expiryDate ?? null,
      expiryKind: fields.expiryKind ?? 'EXPIRY',
      quantity: fields.quantity ?? null,
      unit: orNull(fields.unit) ?? null,
    })
    .returning();
  // An insert's RETURNING has its one row.
  const row = inserted!;
  await replaceLotEvents(tx, row.id, companyId, events);
  return row;
}

/** POST /lots: a lot of a product the caller manages, with its own timeline. */
export async function createLot(deps: AppDeps, scope: CompanyScope, input: CreateLotInput) {
  let id: number;
  try {
    id = await transaction(deps.db, async (tx) => {
      const product = await requireProductInScope(tx, scope, input.productId);
      const row = await insertLotRecord(tx, product.companyId, product.id, input, input.events ?? []);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getLot(deps, scope, id);
}

/**
 * Applies `change` to a lot when the version the caller read is still the lot's (otherwise 409), and
 * moves the version on. Every lot write goes through it, so a recall cannot silently undo an edit.
 */
async function writeLot(
  deps: AppDeps,
  scope: CompanyScope,
  id: number,
  version: number | undefined,
  change: (tx: Executor, row: LotRow) => Promise<Partial<Tables['lots']['$inferInsert']>>,
) {
  const { lots } = deps.db.tables;
  try {
    await transaction(deps.db, async (tx) => {
      const row = await requireLotInScope(tx, scope, id);
      if (version !== undefined && version !== row.version)
        throw new AppError('CONFLICT', vi.errors.versionConflict);
      const [saved] = await tx
        .update(lots)
        .set({ ...(await change(tx, row)), version: row.version + 1 })
        .where(and(eq(lots.id, row.id), eq(lots.version, row.version)))
        .returning({ id: lots.id });
      if (!saved) throw new AppError('CONFLICT', vi.errors.versionConflict);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getLot(deps, scope, id);
}

/** PUT /lots/{id}: fields left out keep their value; given events replace the lot's timeline. */
export function updateLot(deps: AppDeps, scope: CompanyScope, input: UpdateLotInput) {
  return writeLot(deps, scope, input.id, input.version, async (tx, row) => {
    const merged = {
      productionDate: input.productionDate === undefined ? row.productionDate : input.productionDate,
      expiryDate: input.expiryDate === undefined ? row.expiryDate : input.expiryDate,
    };
    if (merged.productionDate && merged.expiryDate && merged.expiryDate < merged.productionDate) {
      throw new AppError('BAD_REQUEST', l.expiryBeforeProduction, {
        fields: { expiryDate: l.expiryBeforeProduction },
      });
    }
    if (input.events) await replaceLotEvents(tx, row.id, row.companyId, input.events);
    return {
      code: input.code ?? row.code,
      ...merged,
      expiryKind: input.expiryKind ?? row.expiryKind,
      quantity: input.quantity === undefined ? row.quantity : input.quantity,
      unit: input.unit === undefined ? row.unit : orNull(input.unit),
    };
  });
}

/**
 * Every lot made from `lot`, however many transformations away (decision 200), bounded like a trace: the
 * lots a recall of `lot` reaches.
 */
async function lotsMadeFrom(tx: Executor, lot: LotRow): Promise<number[]> {
  const reach = await reachLots(tx, lot.companyId, lot.id, 'forward', {
    maxDepth: TRACE_MAX_DEPTH,
    maxLots: TRACE_MAX_LOTS,
    maxRows: TRACE_MAX_LOTS * 4,
  });
  return reach.lots.filter((l) => l.depth > 0).map((l) => l.lotId);
}

/**
 * The first half of a recall's scope (decision 200): every lot made from the recalled one is marked "made
 * from a recalled batch" with its reason (its public banner says so) and put on hold, so none of them is
 * shipped or used while the company decides. A lot already marked by another recall keeps that mark; a
 * hold already there keeps its reason. Holds stay when the recall is lifted: a person releases each.
 */
async function markLotsMadeFrom(tx: Executor, lot: LotRow, reason: string): Promise<void> {
  const { lots } = tx.tables;
  const ids = await lotsMadeFrom(tx, lot);
  const holdReason = vi.supplyChain.hold.byRecall(lot.code, reason);
  if (!ids.length) return;
  // The ids bound as one parameter, however many (lot-graph.ts): two statements for a recall of any reach.
  const mine = and(inIds(lots.id, ids), eq(lots.companyId, lot.companyId));
  await tx
    .update(lots)
    .set({ heldAt: new Date(), holdReason, version: sql`${lots.version} + 1` })
    .where(and(mine, isNull(lots.heldAt)));
  await tx
    .update(lots)
    .set({
      inputRecallLotId: lot.id,
      inputRecallCode: lot.code,
      inputRecallReason: reason,
      version: sql`${lots.version} + 1`,
    })
    .where(and(mine, or(isNull(lots.inputRecallLotId), eq(lots.inputRecallLotId, lot.id))));
}

/**
 * POST /lots/{id}/recall: the lot is recalled from now on, for the reason given (decision 126), and every lot
 * made from it is marked and put on hold (decision 200).
 */
export function recallLot(
  deps: AppDeps,
  scope: CompanyScope,
  input: { id: number; reason: string; version?: number },
) {
  return writeLot(deps, scope, input.id, input.version, async (tx, row) => {
    await markLotsMadeFrom(tx, row, input.reason);
    return {
      // A second recall updates the reason and keeps the first date: the lot was unsafe since then.
      recalledAt: row.recalledAt ?? new Date(),
      recallReason: input.reason,
    };
  });
}

/**
 * POST /lots/{id}/hold: the lot is kept back for a check (decision 200): no shipment and no use as an input
 * until it is released. A second hold updates the reason and keeps the first date, as a recall does.
 */
export function holdLot(
  deps: AppDeps,
  scope: CompanyScope,
  input: { id: number; reason: string; version?: number },
) {
  return writeLot(deps, scope, input.id, input.version, async (_tx, row) => ({
    heldAt: row.heldAt ?? new Date(),
    holdReason: input.reason,
  }));
}

/** DELETE /lots/{id}/hold: the lot may be shipped and used again. */
export function releaseHold(deps: AppDeps, scope: CompanyScope, input: { id: number; version?: number }) {
  return writeLot(deps, scope, input.id, input.version, async () => ({ heldAt: null, holdReason: null }));
}

/**
 * DELETE /lots/{id}/recall: the recall is lifted; the lot's pages show no banner any more, nor do the lots
 * made from it (their holds stay: decision 200).
 */
export function liftRecall(deps: AppDeps, scope: CompanyScope, input: { id: number; version?: number }) {
  return writeLot(deps, scope, input.id, input.version, async (tx, row) => {
    const { lots } = tx.tables;
    await tx
      .update(lots)
      .set({
        inputRecallLotId: null,
        inputRecallCode: null,
        inputRecallReason: null,
        version: sql`${lots.version} + 1`,
      })
      .where(and(eq(lots.inputRecallLotId, row.id), eq(lots.companyId, row.companyId)));
    return { recalledAt: null, recallReason: null };
  });
}

/**
 * DELETE /lots/{id}: its timeline goes with it; its QR codes stay bound to the product alone. A lot with a
 * receipt, a shipment or a "made from" link either way is refused (409): the traces and recall scopes that
 * go through it would silently lose it.
 */
export async function deleteLot(deps: AppDeps, scope: CompanyScope, id: number) {
  return transaction(deps.db, async (tx) => {
    const { lots, lotReceipts, lotShipments, lotInputs } = tx.tables;
    const row = await requireLotInScope(tx, scope, id);
    const linked = async (query: Promise<unknown[]>) => (await query).length > 0;
    if (
      (await linked(
        tx.select({ id: lotReceipts.id }).from(lotReceipts).where(eq(lotReceipts.lotId, row.id)).limit(1),
      )) ||
      (await linked(
        tx.select({ id: lotShipments.id }).from(lotShipments).where(eq(lotShipments.lotId, row.id)).limit(1),
      )) ||
      (await linked(
        tx
          .select({ id: lotInputs.id })
          .from(lotInputs)
          .where(or(eq(lotInputs.lotId, row.id), eq(lotInputs.inputLotId, row.id)))
          .limit(1),
      ))
    )
      throw new AppError('CONFLICT', vi.supplyChain.lotDeleteRefused);
    await tx.delete(lots).where(eq(lots.id, row.id));
    return { id: row.id };
  });
}

/**
 * POST /lots/{id}/qr-codes: a new QR code of the lot's own, bound to its product AND the lot, so a scan
 * opens the lot's page and counts for the lot.
 */
export async function createLotCode(deps: AppDeps, scope: CompanyScope, actor: Actor, id: number) {
  const { shortLinks } = deps.db.tables;
  const row = await requireLotInScope(deps.db, scope, id);
  await deps.db.insert(shortLinks).values({
    code: generateCode(),
    companyId: row.companyId,
    productId: row.productId,
    lotId: row.id,
    createdBy: actor.id,
    boundAt: new Date(),
  });
  return getLot(deps, scope, id);
}
