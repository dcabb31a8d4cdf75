import type { PublicProduct } from '#client/features/public/types.ts';

/** A product's public answer as the server gives it (publicProducts.byId, products.resolve), for the client tests. */
export const productAnswer = {
  id: 7,
  name: 'Cà phê Arabica Cầu Đất',
  status: 'ACTIVE',
  image: null,
  images: [],
  origin: 'Lâm Đồng',
  category: 'Cà phê',
  unit: 'Túi 500 g',
  tags: ['arabica'],
  qr_code: 'abcd1234efgh',
  company: { id: 3, name: 'HTX Cầu Đất' },
  trackings: [
    { id: 1, activity: 'Thu hái', location: 'Cầu Đất', date: '2025-11-02', description: '', companyId: 3 },
  ],
  lot: null,
  recalledLots: [],
} as unknown as PublicProduct;
