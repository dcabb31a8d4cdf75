/**
 * The words of the supply chain (decision 200): who a partner is to the company, the documents a receipt
 * or a shipment names, and how far a trace goes. Read by the tables, the schemas, the services and the forms.
 */

/** A supplier sends the company goods (receipts), a customer receives them (shipments); BOTH does either. */
export const PARTNER_KINDS = ['SUPPLIER', 'CUSTOMER', 'BOTH'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** Whether a partner of `kind` may be named on a receipt (a supplier) or a shipment (a customer). */
export const partnerCan = (kind: PartnerKind, as: 'SUPPLIER' | 'CUSTOMER') => kind === 'BOTH' || kind === as;

/**
 * The kinds of reference document, each with the CBV 2.0 business transaction type EPCIS names it by
 * (`bizTransactionList[].type`): invoice, despatch advice (the delivery note), purchase order, receiving
 * advice (the warehouse's receipt note), bill of lading. OTHER has none and travels without a type.
 */
export const DOCUMENT_TYPES = [
  'INVOICE',
  'DELIVERY_NOTE',
  'PURCHASE_ORDER',
  'RECEIVING_NOTE',
  'BILL_OF_LADING',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const CBV_BIZ_TRANSACTION: Record<DocumentType, string | null> = {
  INVOICE: 'inv',
  DELIVERY_NOTE: 'desadv',
  PURCHASE_ORDER: 'po',
  RECEIVING_NOTE: 'recadv',
  BILL_OF_LADING: 'bol',
  OTHER: null,
};

/**
 * How far a trace goes (decision 202): at most this many steps of "made from" away from the lot, and at
 * most this many lots answered. Reached rows beyond either are not read; the answer says it was cut.
 */
export const TRACE_MAX_DEPTH = 64;
export const TRACE_MAX_LOTS = 20_000;
