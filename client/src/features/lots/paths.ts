/** The public page of a lot (decision 126): the product with the lot's dates and journey, recall first. */
export { lotPath } from '#shared/public-paths.ts';

/** The workspace's list of a product's lots. */
export const productLotsPath = (productId: number) => `/products/manage/${productId}/lots`;
