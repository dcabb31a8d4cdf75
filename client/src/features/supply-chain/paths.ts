/** The workspace's partners (suppliers and customers). */
export const partnersPath = '/partners';

/** A lot's workspace page: its receipts, inputs, uses, shipments, trace and recall scope. */
export const lotWorkspacePath = (productId: number, lotId: number) =>
  `/products/manage/${productId}/lots/${lotId}`;
