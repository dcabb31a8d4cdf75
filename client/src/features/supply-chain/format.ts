import { vi } from '#shared/i18n/vi/index.ts';
import { formatQuantityVi } from '#shared/quantity.ts';
import type { DocumentType } from '#shared/supply-chain.ts';
import { unitSymbol } from '#shared/units.ts';
import { formatDate } from '#shared/vietnam-time.ts';

/** "1.200,5 kg": a canonical quantity in Vietnamese digits with its unit's short name. */
export const quantityOf = (quantity: string, unit: string) =>
  `${formatQuantityVi(quantity)} ${unitSymbol(unit)}`;

/** "Hóa đơn HD-0001", or '' without a document. */
export const documentOf = (type: DocumentType | null, number: string | null) =>
  type ? `${vi.supplyChain.documents.types[type]} ${number ?? ''}`.trim() : '';

/** A day (YYYY-MM-DD) as the workspace shows dates (dd/mm/yyyy). */
export const dayOf = (day: string) => formatDate(day);
