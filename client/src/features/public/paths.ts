/** The public product page's address: where a scan, a history entry or a shared link opens a product. */
export const productPath = (id: number) => `/products/details/${id}`;
/** A company's public page: its profile and its products on sale. */
export const companyPath = (id: number) => `/company/details/${id}`;
