/**
 * The public pages' addresses: where a scan, the Digital Link resolver, a history entry or a shared link
 * opens a product or a lot. Read by the server (the resolver's links, a scan's answer) and by the client.
 */
export const productPath = (id: number) => `/products/details/${id}`;
export const lotPath = (id: number) => `/lots/${id}`;

/**
 * The query parameter of a product page that names the lot a Digital Link asked for when the product has
 * no such lot (decision 184): the page says so above the product.
 */
export const ASKED_LOT_PARAM = 'lot';

/** A product's page for a Digital Link whose lot it does not have. */
export const productPathAskingLot = (id: number, lot: string) =>
  `${productPath(id)}?${ASKED_LOT_PARAM}=${encodeURIComponent(lot)}`;
