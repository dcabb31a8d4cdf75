import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import type { PublicProduct } from '#client/features/public/types.ts';

/**
 * What the server puts in a public page it rendered (server/http/first-view.ts): the product answer the
 * markup was made from, and, when the page was a printed code's address (/redirect/{code}), that code,
 * whose scan the app still records with the viewer's session (app-start.tsx). A lot's page (/lots/{id})
 * carries its lot too: the product is then the lot answer's product (decision 126).
 */
export interface FirstView {
  product: PublicProduct;
  scanCode?: string;
  lot?: PublicLotAnswer['lot'];
}
