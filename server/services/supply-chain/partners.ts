import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { foldedContains } from '#server/db/search.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { pageWindow } from '#server/services/pagination.ts';
import { type CompanyScope, inCompanyScope, pickCompany } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreatePartnerInput, PartnerListInput, UpdatePartnerInput } from '#shared/schemas/partners.ts';
import { nameSortOf } from '#shared/sort-key.ts';
import { partnerCan } from '#shared/supply-chain.ts';

const m = vi.supplyChain.partners;

export type PartnerRow = Tables['partners']['$inferSelect'];

/** A partner as the API answers it. */
export function toPartner(row: PartnerRow) {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    kind: row.kind,
    taxCode: row.taxCode,
    gln: row.gln,
    phone: row.phone,
    email: row.email,
    address: row.address,
    province: row.province,
    country: row.country,
    publicName: row.publicName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PartnerAnswer = ReturnType<typeof toPartner>;

/** The partner when the caller may touch it; another company's answers like a missing one (decision 083). */
export async function requirePartnerInScope(
  db: Executor,
  scope: CompanyScope,
  id: number,
): Promise<PartnerRow> {
  const { partners } = db.tables;
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  if (!row || !inCompanyScope(scope, row.companyId)) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/**
 * The partner named on a lot's receipt or shipment: of the lot's own company (another company's is 404, as
 * a missing one) and able to be a supplier (receipts) or a customer (shipments).
 */
export async function requirePartnerFor(
  db: Executor,
  companyId: number,
  id: number,
  as: 'SUPPLIER' | 'CUSTOMER',
): Promise<PartnerRow> {
  const row = await requirePartnerInScope(db, companyId, id);
  if (!partnerCan(row.kind, as)) {
    const message = as === 'SUPPLIER' ? m.notSupplier : m.notCustomer;
    throw new AppError('BAD_REQUEST', message, { fields: { partnerId: message } });
  }
  return row;
}

const taxCodeTaken = () => new AppError('CONFLICT', m.taxCodeTaken, { fields: { taxCode: m.taxCodeTaken } });
const orEmpty = (v: string | undefined) => (v === undefined ? undefined : v);

/** GET /partners: the company's partners by name (Vietnamese order), searched by name or tax code. */
export async function listPartners(deps: AppDeps, scope: CompanyScope, input: PartnerListInput) {
  const { partners } = deps.db.tables;
  const company = pickCompany(scope, input.companyId);
  const conditions: (SQL | undefined)[] = [
    company === null ? undefined : eq(partners.companyId, company),
    input.kind ? or(eq(partners.kind, input.kind), eq(partners.kind, 'BOTH')) : undefined,
    input.q
      ? or(foldedContains(deps.store, [partners.name], input.q), eq(partners.taxCode, input.q))
      : undefined,
  ];
  const where = and(...conditions);
  const { limit, offset } = pageWindow(input.page, input.limit);
  const rows = await deps.db
    .select()
    .from(partners)
    .where(where)
    .orderBy(asc(partners.nameSort), asc(partners.id))
    .limit(limit)
    .offset(offset);
  const [total] = await deps.db.select({ n: count() }).from(partners).where(where);
  return { partners: rows.map(toPartner), count: Number(total?.n ?? 0) };
}

export async function getPartner(deps: AppDeps, scope: CompanyScope, id: number) {
  return toPartner(await requirePartnerInScope(deps.db, scope, id));
}

/** POST /partners: a tax code the company already gave another partner is 409, even when two race. */
export async function createPartner(deps: AppDeps, scope: CompanyScope, input: CreatePartnerInput) {
  const { partners } = deps.db.tables;
  const companyId = pickCompany(scope, input.companyId);
  if (companyId === null)
    throw new AppError('BAD_REQUEST', m.companyRequired, { fields: { companyId: m.companyRequired } });
  try {
    const [row] = await deps.db
      .insert(partners)
      .values({
        companyId,
        name: input.name,
        nameSort: nameSortOf(input.name),
        kind: input.kind,
        taxCode: input.taxCode ?? null,
        gln: input.gln ?? null,
        phone: input.phone ?? '',
        email: input.email ?? '',
        address: input.address ?? '',
        province: input.province ?? '',
        country: input.country ?? 'VN',
        publicName: input.publicName ?? false,
      })
      .returning();
    return toPartner(row as PartnerRow);
  } catch (err) {
    if (isUniqueViolation(err, /partners_company_tax_code_unique|partners\.tax_code/)) throw taxCodeTaken();
    throw err;
  }
}

/** PUT /partners/{id}: a versioned edit (a stale version is 409), as lots and products are. */
export async function updatePartner(deps: AppDeps, scope: CompanyScope, input: UpdatePartnerInput) {
  const { partners } = deps.db.tables;
  try {
    return await transaction(deps.db, async (tx) => {
      const row = await requirePartnerInScope(tx, scope, input.id);
      if (input.version !== undefined && input.version !== row.version)
        throw new AppError('CONFLICT', vi.errors.versionConflict);
      const [saved] = await tx
        .update(partners)
        .set({
          ...(input.name !== undefined ? { name: input.name, nameSort: nameSortOf(input.name) } : {}),
          kind: input.kind,
          taxCode: input.taxCode,
          gln: input.gln,
          phone: orEmpty(input.phone),
          email: orEmpty(input.email),
          address: orEmpty(input.address),
          province: orEmpty(input.province),
          country: input.country,
          publicName: input.publicName,
          version: row.version + 1,
        })
        .where(and(eq(partners.id, row.id), eq(partners.version, row.version)))
        .returning();
      if (!saved) throw new AppError('CONFLICT', vi.errors.versionConflict);
      return toPartner(saved);
    });
  } catch (err) {
    if (isUniqueViolation(err, /partners_company_tax_code_unique|partners\.tax_code/)) throw taxCodeTaken();
    throw err;
  }
}

/** DELETE /partners/{id}: refused while a receipt or shipment names the partner (traces would lose it). */
export async function deletePartner(deps: AppDeps, scope: CompanyScope, id: number) {
  const { lotReceipts, lotShipments, partners } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const row = await requirePartnerInScope(tx, scope, id);
    const uses = sql<number>`(SELECT count(*) FROM ${lotReceipts} WHERE ${lotReceipts.partnerId} = ${row.id}) + (SELECT count(*) FROM ${lotShipments} WHERE ${lotShipments.partnerId} = ${row.id})`;
    const [used] = await tx.select({ n: uses }).from(partners).where(eq(partners.id, row.id));
    const n = Number(used?.n ?? 0);
    if (n > 0) throw new AppError('CONFLICT', m.inUse(n));
    await tx.delete(partners).where(eq(partners.id, row.id));
    return { id: row.id };
  });
}
