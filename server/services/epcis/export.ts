/**
 * Loads a product's or a lot's timeline and supply chain and builds its EPCIS 2.0 document (decisions 133,
 * 193, 203).
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inIds } from '#server/db/lot-graph.ts';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  buildEpcisDocument,
  classIdentifier,
  type EpcisLot,
  type EpcisStep,
  type LotChain,
} from './document.ts';
import type { EpcisMovement, EpcisParty } from './supply-chain.ts';

const stepColumns = (trackingEntries: Tables['trackingEntries']) => ({
  activity: trackingEntries.activity,
  location: trackingEntries.location,
  date: trackingEntries.date,
  description: trackingEntries.description,
  bizStep: trackingEntries.bizStep,
  gln: trackingEntries.gln,
});

function productSteps(deps: AppDeps, productId: number): Promise<EpcisStep[]> {
  const { trackingEntries } = deps.db.tables;
  return deps.db
    .select(stepColumns(trackingEntries))
    .from(trackingEntries)
    .where(eq(trackingEntries.productId, productId))
    .orderBy(asc(trackingEntries.position), asc(trackingEntries.id));
}

/**
 * Who an export is for (decision 203): the public (the GS1 paths anyone may call) gets the product's and
 * the lots' timelines without the supply chain, since partners, quantities, documents and customers never
 * reach a public answer (decision 200), nor the events a receipt, a shipment or an input was recorded
 * from; the company (a signed-in member, `GET /api/lots/{id}/epcis`) gets all of it.
 */
export type ExportAudience = 'public' | 'company';

/** The eventIDs the lots' receipts, shipments and inputs were recorded from: the public export leaves them out. */
async function recordedEventIds(deps: AppDeps, lotIds: number[]): Promise<Set<string>> {
  const { lotInputs, lotReceipts, lotShipments } = deps.db.tables;
  const found = new Set<string>();
  for (const table of [lotReceipts, lotShipments, lotInputs]) {
    const rows = await deps.db
      .select({ eventId: table.eventId })
      .from(table)
      .where(and(inIds(table.lotId, lotIds), isNotNull(table.eventId)));
    for (const r of rows) if (r.eventId) found.add(r.eventId);
  }
  return found;
}

async function lotsWithSteps(
  deps: AppDeps,
  rows: Array<Tables['lots']['$inferSelect']>,
  audience: ExportAudience,
): Promise<EpcisLot[]> {
  const { lotEvents } = deps.db.tables;
  if (!rows.length) return [];
  const steps = await deps.db
    .select({
      lotId: lotEvents.lotId,
      activity: lotEvents.activity,
      location: lotEvents.location,
      date: lotEvents.date,
      description: lotEvents.description,
      bizStep: lotEvents.bizStep,
      gln: lotEvents.gln,
      eventId: lotEvents.eventId,
      epcis: lotEvents.epcis,
      epcisContext: lotEvents.epcisContext,
    })
    .from(lotEvents)
    .where(
      inArray(
        lotEvents.lotId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(lotEvents.position), asc(lotEvents.id));
  const recorded =
    audience === 'public'
      ? await recordedEventIds(
          deps,
          rows.map((r) => r.id),
        )
      : null;
  const shown = recorded ? steps.filter((s) => !s.eventId || !recorded.has(s.eventId)) : steps;
  const chains = recorded ? new Map<number, LotChain>() : await supplyChains(deps, rows, steps);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    productionDate: r.productionDate,
    expiryDate: r.expiryDate,
    expiryKind: r.expiryKind,
    quantity: r.quantity,
    unit: r.unit,
    recalledAt: r.recalledAt,
    createdAt: r.createdAt,
    steps: shown.filter((s) => s.lotId === r.id),
    chain: chains.get(r.id),
  }));
}

const partyOfPartner = (p: Tables['partners']['$inferSelect']): EpcisParty => ({
  id: p.id,
  kind: 'partner',
  name: p.name,
  gln: p.gln,
  taxCode: p.taxCode,
  publicName: p.publicName,
});

/**
 * The lots' receipts, shipments and inputs (decision 203). A record imported from an EPCIS event the lot's
 * timeline holds is left out: that event is exported as it came, not made again beside it.
 */
async function supplyChains(
  deps: AppDeps,
  rows: Array<Tables['lots']['$inferSelect']>,
  steps: Array<{ lotId: number; eventId: string | null }>,
): Promise<Map<number, LotChain>> {
  const db: Executor = deps.db;
  const { companies, lotInputs, lotReceipts, lotShipments, lots, partners, products } = db.tables;
  const chains = new Map<number, LotChain>();
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  if (!rows.length) return chains;
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, gln: companies.gln, taxCode: companies.taxCode })
    .from(companies)
    .where(inIds(companies.id, companyIds));
  const companyOf = new Map(
    companyRows.map((c): [number, EpcisParty] => [c.id, { ...c, kind: 'company', publicName: true }]),
  );
  const ids = rows.map((r) => r.id);
  const held = new Set(steps.flatMap((s) => (s.eventId ? [`${s.lotId} ${s.eventId}`] : [])));
  const fresh = (r: { lotId: number; eventId: string | null }) =>
    !r.eventId || !held.has(`${r.lotId} ${r.eventId}`);

  const receipts = await db
    .select({ row: lotReceipts, partner: partners })
    .from(lotReceipts)
    .innerJoin(partners, eq(partners.id, lotReceipts.partnerId))
    .where(inIds(lotReceipts.lotId, ids))
    .orderBy(asc(lotReceipts.date), asc(lotReceipts.id));
  const shipments = await db
    .select({ row: lotShipments, partner: partners })
    .from(lotShipments)
    .innerJoin(partners, eq(partners.id, lotShipments.partnerId))
    .where(inIds(lotShipments.lotId, ids))
    .orderBy(asc(lotShipments.date), asc(lotShipments.id));
  const inputs = await db
    .select({
      lotId: lotInputs.lotId,
      eventId: lotInputs.eventId,
      quantity: lotInputs.quantity,
      unit: lotInputs.unit,
      createdAt: lotInputs.createdAt,
      inputId: lots.id,
      inputCode: lots.code,
      productId: products.id,
      gtin: products.gtin,
    })
    .from(lotInputs)
    .innerJoin(lots, eq(lots.id, lotInputs.inputLotId))
    .innerJoin(products, eq(products.id, lots.productId))
    .where(inIds(lotInputs.lotId, ids))
    .orderBy(asc(lotInputs.id));

  const movement = (
    kind: EpcisMovement['kind'],
    r: {
      row: Tables['lotShipments']['$inferSelect'] & { supplierLotCode?: string | null };
      partner: Tables['partners']['$inferSelect'];
    },
  ): Omit<EpcisMovement, 'epcClass'> => ({
    kind,
    partner: partyOfPartner(r.partner),
    quantity: r.row.quantity,
    unit: r.row.unit,
    date: r.row.date,
    documentType: r.row.documentType,
    documentNumber: r.row.documentNumber,
    supplierLotCode: r.row.supplierLotCode ?? null,
  });
  for (const lot of rows) {
    const company = companyOf.get(lot.companyId);
    if (!company) continue;
    const mine = <T extends { row: { lotId: number; eventId: string | null } }>(list: T[]) =>
      list.filter((r) => r.row.lotId === lot.id && fresh(r.row));
    const made = inputs.filter((i) => i.lotId === lot.id && fresh(i));
    chains.set(lot.id, {
      company,
      movements: [
        ...mine(receipts).map((r) => movement('receipt', r)),
        ...mine(shipments).map((r) => movement('shipment', r)),
      ],
      inputs: made.map((i) => ({
        epcClass: classIdentifier(deps.settings.publicUrl, i.gtin, i.productId, {
          id: i.inputId,
          code: i.inputCode,
        }),
        quantity: i.quantity,
        unit: i.unit,
      })),
      inputsAt: made.reduce<Date | null>((at, i) => (at && at <= i.createdAt ? at : i.createdAt), null),
    });
  }
  return chains;
}

/** An ACTIVE product is public, and so is its timeline: anything else answers null (a 404). */
async function publicProduct(deps: AppDeps, productId: number) {
  const { products } = deps.db.tables;
  const [row] = await deps.db
    .select({ id: products.id, gtin: products.gtin })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'ACTIVE')))
    .limit(1);
  return row;
}

export async function exportProductEpcis(deps: AppDeps, productId: number, now = new Date()) {
  const { lots } = deps.db.tables;
  const product = await publicProduct(deps, productId);
  if (!product) return null;
  const lotRows = await deps.db
    .select()
    .from(lots)
    .where(eq(lots.productId, productId))
    .orderBy(asc(lots.id));
  return buildEpcisDocument({
    publicUrl: deps.settings.publicUrl,
    now,
    scope: 'product',
    product: { ...product, steps: await productSteps(deps, productId) },
    lots: await lotsWithSteps(deps, lotRows, 'public'),
  });
}

/** A lot's public export (the GS1 path): null unless its product is ACTIVE. */
export async function exportLotEpcis(deps: AppDeps, lotId: number, now = new Date()) {
  const { lots } = deps.db.tables;
  const [lot] = await deps.db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
  const product = lot && (await publicProduct(deps, lot.productId));
  if (!lot || !product) return null;
  return lotDocument(deps, lot, product, 'public', now);
}

/**
 * GET /api/lots/{id}/epcis: the company's own export of its lot, with its receipts, shipments and
 * transformations (decision 203), whatever its product's status; another company's lot is 404.
 */
export async function exportCompanyLotEpcis(
  deps: AppDeps,
  scope: CompanyScope,
  lotId: number,
  now = new Date(),
) {
  const { products } = deps.db.tables;
  const lot = await requireLotInScope(deps.db, scope, lotId);
  const [product] = await deps.db
    .select({ id: products.id, gtin: products.gtin })
    .from(products)
    .where(eq(products.id, lot.productId))
    .limit(1);
  if (!product) throw new AppError('NOT_FOUND', vi.lots.notFound);
  return lotDocument(deps, lot, product, 'company', now);
}

async function lotDocument(
  deps: AppDeps,
  lot: Tables['lots']['$inferSelect'],
  product: { id: number; gtin: string | null },
  audience: ExportAudience,
  now: Date,
) {
  return buildEpcisDocument({
    publicUrl: deps.settings.publicUrl,
    now,
    scope: 'lot',
    product: { ...product, steps: await productSteps(deps, product.id) },
    lots: await lotsWithSteps(deps, [lot], audience),
  });
}
