/** A new business (its owner is its COMPANY_ADMIN) and its products, made over REST for journeys. */
import { type APIRequestContext, expect } from '@playwright/test';
import { type CreatedUser, createActiveUser } from './accounts.ts';

export interface MadeProduct {
  id: number;
  name: string;
  qr_code: string;
}

export async function newCompanyOwner(
  request: APIRequestContext,
  name = 'Chủ doanh nghiệp',
): Promise<CreatedUser> {
  return createActiveUser(request, { business: true, name });
}

export async function addProduct(
  request: APIRequestContext,
  token: string,
  { name, status = 'ACTIVE', tags = [] }: { name: string; status?: 'ACTIVE' | 'INACTIVE'; tags?: string[] },
): Promise<MadeProduct> {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, status, origin: 'Cầu Đất, Lâm Đồng', category: 'Cà phê', tags, trackings: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: MadeProduct }).data;
}

/** A batch of printed codes not yet bound to a product. */
export async function addCodes(request: APIRequestContext, token: string, count: number): Promise<void> {
  const res = await request.post('/api/shortLinks', {
    headers: { authorization: `Bearer ${token}` },
    data: { count },
  });
  expect(res.status(), await res.text()).toBe(201);
}
