/**
 * An imported EPCIS document's supply chain, recorded (decision 203): a receiving ObjectEvent with a source
 * owning party becomes a receipt of the lot, a shipping one with a destination owning party a shipment, a
 * TransformationEvent that made the lot its inputs. Recorded by the supply chain's own service functions
 * (addMovement, addInputs), so the same rules hold (the partner's role, a lot on hold, a cycle, the mass
 * balance's warnings), inside the import's transaction: a refusal of any event refuses the whole document.
 * Each record keeps the eventID it came from; the import's idempotency by eventID (import.ts) is what keeps
 * a document imported twice from recording anything twice.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { addInputs } from '#server/services/supply-chain/inputs.ts';
import { addMovement } from '#server/services/supply-chain/movements.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { lotPath } from '#shared/public-paths.ts';
import { addInputsInput, createReceiptInput, createShipmentInput } from '#shared/schemas/supply-chain.ts';
import { vietnamDay } from '#shared/vietnam-time.ts';
import type { EventObject } from './objects.ts';
import { documentOf, movementOf, ownTerm, type PartyKey, partyKeyOf, unitOfElement } from './supply-chain.ts';

const m = vi.gs1;

/** The lot an import is into. */
export interface CaptureLot {
  id: number;
  code: string;
  companyId: number;
  gtin: string | null;
}

export interface CapturedEvent {
  /** 1-based, as the messages count. */
  n: number;
  event: Record<string, unknown> & { type: string; eventTime: string };
  objects: EventObject[];
  eventId: string;
}

/** This app's own identifier of a lot without GTIN (its public page), as the export writes it. */
function ownLotId(base: string, identifier: string): number | null {
  const id = /\/([1-9]\d{0,15})$/.exec(identifier)?.[1];
  return id && identifier === `${base}${lotPath(Number(id))}` ? Number(id) : null;
}

/** Whether an object names the lot itself: its GTIN and code (or its GTIN's class), or its own URI. */
function namesLot(base: string, lot: CaptureLot, o: EventObject): boolean {
  if (lot.gtin && o.gtin === lot.gtin) return o.lotCode === null || o.lotCode === lot.code;
  return ownLotId(base, o.identifier) === lot.id;
}

/** What an event records, or null when it only joins the timeline. */
function planOf(base: string, lot: CaptureLot, c: CapturedEvent) {
  const movement = movementOf(c.event);
  if (movement) return { ...movement, type: 'movement' as const };
  if (c.event.type !== 'TransformationEvent') return null;
  const made = c.objects.some(
    (o) => (o.list === 'outputQuantityList' || o.list === 'outputEPCList') && namesLot(base, lot, o),
  );
  return made ? { type: 'transformation' as const } : null;
}

async function partnerOf(tx: Executor, companyId: number, key: PartyKey | null) {
  const { partners } = tx.tables;
  if (!key || 'companyId' in key) return null;
  const where =
    'gln' in key
      ? eq(partners.gln, key.gln)
      : 'taxCode' in key
        ? eq(partners.taxCode, key.taxCode)
        : eq(partners.id, key.partnerId);
  const [row] = await tx
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.companyId, companyId), where))
    .orderBy(asc(partners.id))
    .limit(1);
  return row ?? null;
}

/** The company's lot an input names: by GTIN and lot code, or by this app's own lot URI. */
async function lotOf(tx: Executor, base: string, companyId: number, o: EventObject) {
  const { lots, products } = tx.tables;
  const own = ownLotId(base, o.identifier);
  if (own !== null) {
    const [row] = await tx
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.id, own), eq(lots.companyId, companyId)))
      .limit(1);
    return row ?? null;
  }
  if (!o.gtin || o.lotCode === null) return null;
  const [row] = await tx
    .select({ id: lots.id })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(and(eq(products.gtin, o.gtin), eq(lots.code, o.lotCode), eq(lots.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** A schema's refusal of what an event says, named by the event. */
function invalid(n: number, issues: ReadonlyArray<{ message: string }>): AppError {
  return new AppError('BAD_REQUEST', m.epcisAboutEvent(n, issues[0]?.message ?? ''));
}

/**
 * Records the supply chain the fresh events of an import say (called inside its transaction). Answers
 * the mass balance's warnings.
 */
export async function captureSupplyChain(
  deps: AppDeps,
  tx: Executor,
  scope: CompanyScope,
  actor: Actor,
  lot: CaptureLot,
  events: CapturedEvent[],
): Promise<string[]> {
  const base = deps.settings.publicUrl.replace(/\/+$/, '');
  const warnings: string[] = [];
  for (const c of events) {
    const plan = planOf(base, lot, c);
    if (!plan) continue;
    const { n } = c;
    if (plan.type === 'movement') {
      const partner = await partnerOf(tx, lot.companyId, partyKeyOf(base, plan.party));
      if (!partner) throw new AppError('BAD_REQUEST', m.epcisUnknownPartner(n, plan.kind, plan.party));
      const element = c.objects.find(
        (o) => o.list === 'quantityList' && o.quantity !== null && namesLot(base, lot, o),
      );
      if (!element) throw new AppError('BAD_REQUEST', m.epcisNoLotQuantity(n, plan.kind));
      const fields = {
        lotId: lot.id,
        partnerId: partner.id,
        quantity: element.quantity,
        unit: unitOfElement(element.uom),
        date: vietnamDay(new Date(Date.parse(c.event.eventTime))),
        ...(documentOf(c.event) ?? {}),
      };
      const parsed =
        plan.kind === 'receipt'
          ? createReceiptInput.safeParse({
              ...fields,
              supplierLotCode: ownTerm(c.event, 'supplierLotCode', 50),
            })
          : createShipmentInput.safeParse(fields);
      if (!parsed.success) throw invalid(n, parsed.error.issues);
      const saved = await named(n, () => addMovement(deps, scope, actor, plan.kind, parsed.data, c.eventId));
      warnings.push(...saved.warnings.map((w) => m.epcisAboutEvent(n, w)));
    } else {
      const inputs = [];
      for (const o of c.objects) {
        if (o.list !== 'inputQuantityList' && o.list !== 'inputEPCList') continue;
        const input = await lotOf(tx, base, lot.companyId, o);
        if (!input) throw new AppError('NOT_FOUND', m.epcisUnknownLot(n, o.identifier));
        if (o.quantity === null)
          throw new AppError('BAD_REQUEST', m.epcisInputWithoutQuantity(n, o.identifier));
        inputs.push({ lotId: input.id, quantity: o.quantity, unit: unitOfElement(o.uom) });
      }
      if (!inputs.length) continue;
      const parsed = addInputsInput.safeParse({ lotId: lot.id, inputs });
      if (!parsed.success) throw invalid(n, parsed.error.issues);
      const saved = await named(n, () => addInputs(deps, scope, actor, parsed.data, c.eventId));
      warnings.push(...saved.warnings.map((w) => m.epcisAboutEvent(n, w)));
    }
  }
  return warnings;
}

/** The service's refusal, said of the event that asked for it. */
async function named<T>(n: number, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof AppError)
      throw new AppError(err.code, m.epcisAboutEvent(n, err.message), { fields: err.fields });
    throw err;
  }
}
