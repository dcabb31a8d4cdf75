import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inIds } from '#server/db/lot-graph.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { type LotRow, requireLotInScope } from '#server/services/lots/read.ts';
import { type CompanyScope, inCompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreateReceiptInput, CreateShipmentInput } from '#shared/schemas/supply-chain.ts';
import { type Flow, type MassBalance, massBalance, producedFlow } from './balance.ts';
import { requirePartnerFor } from './partners.ts';

const m = vi.supplyChain;

/** Receipts (one step back) and shipments (one step forward): the same columns, one partner each. */
export type MovementKind = 'receipt' | 'shipment';
const tableOf = (db: Executor, kind: MovementKind) =>
  kind === 'receipt' ? db.tables.lotReceipts : db.tables.lotShipments;
const PARTNER_ROLE = { receipt: 'SUPPLIER', shipment: 'CUSTOMER' } as const;

type MovementRow = Tables['lotShipments']['$inferSelect'] & { supplierLotCode?: string | null };

/** A receipt or shipment as the API answers it, with its partner's name. */
export function toMovement(row: MovementRow, partner: { id: number; name: string }) {
  return {
    id: row.id,
    lotId: row.lotId,
    partnerId: partner.id,
    partnerName: partner.name,
    quantity: row.quantity,
    unit: row.unit,
    date: row.date,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    ...(row.supplierLotCode !== undefined ? { supplierLotCode: row.supplierLotCode } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}
export type MovementAnswer = ReturnType<typeof toMovement>;

/** The receipts or shipments of some lots, oldest first, with their partners' names. */
export async function movementsOf(db: Executor, kind: MovementKind, lotIds: readonly number[]) {
  const { partners } = db.tables;
  const table = tableOf(db, kind);
  const found: MovementAnswer[] = [];
  if (!lotIds.length) return found;
  {
    const rows = await db
      .select({ row: table, partnerName: partners.name })
      .from(table)
      .innerJoin(partners, eq(partners.id, table.partnerId))
      .where(inIds(table.lotId, [...new Set(lotIds)]))
      .orderBy(asc(table.date), asc(table.id));
    for (const r of rows)
      found.push(toMovement(r.row as MovementRow, { id: r.row.partnerId, name: r.partnerName }));
  }
  return found;
}

/**
 * Why a lot may not leave the company (a shipment) or go into another lot (an input): on hold until it is
 * released, or recalled (decision 200). Null when it may.
 */
export function blockedReason(lot: LotRow, as: 'shipment' | 'input'): string | null {
  const words = as === 'shipment' ? m.shipments : m.inputs;
  if (lot.recalledAt) return words.recalled(lot.code);
  if (lot.heldAt) return words.onHold(lot.code);
  return null;
}

/** The mass balance of one lot now: produced and received against shipped and used (decision 201). */
export async function balanceOf(db: Executor, lot: LotRow): Promise<MassBalance> {
  const { lotInputs, lotReceipts, lotShipments } = db.tables;
  const flow = (r: Flow) => ({ quantity: r.quantity, unit: r.unit });
  const received = await db
    .select({ quantity: lotReceipts.quantity, unit: lotReceipts.unit })
    .from(lotReceipts)
    .where(eq(lotReceipts.lotId, lot.id));
  const shipped = await db
    .select({ quantity: lotShipments.quantity, unit: lotShipments.unit })
    .from(lotShipments)
    .where(eq(lotShipments.lotId, lot.id));
  const used = await db
    .select({ quantity: lotInputs.quantity, unit: lotInputs.unit })
    .from(lotInputs)
    .where(eq(lotInputs.inputLotId, lot.id));
  const produced = producedFlow(lot.quantity, lot.unit);
  return massBalance(
    [...(produced ? [produced] : []), ...received.map(flow)],
    [...shipped, ...used].map(flow),
  );
}

/**
 * POST /lots/{id}/receipts and /lots/{id}/shipments: one movement of the lot with a partner of its company.
 * A shipment of a lot on hold or recalled is refused (409); one beyond the lot's mass balance is saved and
 * answered with the warning. `eventId`: the EPCIS event it is imported from (decision 203), inside the
 * import's own transaction.
 */
export async function addMovement(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  kind: MovementKind,
  input: CreateReceiptInput | CreateShipmentInput,
  eventId: string | null = null,
) {
  const { lotReceipts, lotShipments } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const lot = await requireLotInScope(tx, scope, input.lotId);
    if (kind === 'shipment') {
      const blocked = blockedReason(lot, 'shipment');
      if (blocked) throw new AppError('CONFLICT', blocked);
    }
    const partner = await requirePartnerFor(tx, lot.companyId, input.partnerId, PARTNER_ROLE[kind]);
    const values = {
      companyId: lot.companyId,
      lotId: lot.id,
      partnerId: partner.id,
      quantity: input.quantity,
      unit: input.unit,
      date: input.date,
      documentType: input.documentType ?? null,
      documentNumber: input.documentNumber || null,
      eventId,
      createdBy: actor.id,
    };
    const [row] =
      kind === 'receipt'
        ? await tx
            .insert(lotReceipts)
            .values({ ...values, supplierLotCode: (input as CreateReceiptInput).supplierLotCode || null })
            .returning()
        : await tx.insert(lotShipments).values(values).returning();
    const balance = kind === 'shipment' ? await balanceOf(tx, lot) : null;
    return { ...toMovement(row as MovementRow, partner), warnings: balance?.warnings ?? [] };
  });
}

/** DELETE /receipts/{id} and /shipments/{id}: another company's is 404, like a missing one. */
export async function deleteMovement(deps: AppDeps, scope: CompanyScope, kind: MovementKind, id: number) {
  const table = tableOf(deps.db, kind);
  const notFound = () =>
    new AppError('NOT_FOUND', kind === 'receipt' ? m.receipts.notFound : m.shipments.notFound);
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ id: table.id, companyId: table.companyId })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    if (!row || !inCompanyScope(scope, row.companyId)) throw notFound();
    await tx.delete(table).where(eq(table.id, row.id));
    return { id: row.id };
  });
}

/** GET /lots/{id}/receipts and /lots/{id}/shipments. */
export async function listMovements(deps: AppDeps, scope: CompanyScope, kind: MovementKind, lotId: number) {
  const lot = await requireLotInScope(deps.db, scope, lotId);
  return movementsOf(deps.db, kind, [lot.id]);
}
