import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeQr } from '#server/services/scans/decode-qr.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createCompany } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { companies, lots, products, shortLinks } = tables;

describe('Digital Link QR codes (decision 131)', () => {
  it('the QR image encodes the Digital Link only when the company chose it and the product has a GTIN', async () => {
    const PUBLIC_URL = 'https://truyxuat.example.vn';
    const { app, deps } = await createTestApi({ PUBLIC_URL });
    const company = await createCompany(deps);
    const product = (
      await deps.db
        .insert(products)
        .values({
          companyId: company.id,
          name: 'Gạo',
          status: 'ACTIVE',
          qrCode: 'gaoqraaaaaaa',
          gtin: '08930000000019',
        })
        .returning()
    )[0]!;
    const bare = (
      await deps.db
        .insert(products)
        .values({ companyId: company.id, name: 'Muối', status: 'ACTIVE', qrCode: 'muoiqraaaaaa' })
        .returning()
    )[0]!;
    const lot = (
      await deps.db
        .insert(lots)
        .values({ companyId: company.id, productId: product.id, code: 'L/26' })
        .returning()
    )[0]!;
    await deps.db.insert(shortLinks).values([
      { code: 'lotcodeaaaaa', companyId: company.id, productId: product.id, lotId: lot.id },
      { code: 'prodcodeaaaa', companyId: company.id, productId: product.id },
      { code: 'barecodeaaaa', companyId: company.id, productId: bare.id },
    ]);
    const decoded = async (code: string) => {
      const res = await app.request(`/api/qr/${code}.png`);
      expect(res.status).toBe(200);
      return decodeQr(new Uint8Array(await res.arrayBuffer()));
    };
    expect(await decoded('lotcodeaaaaa')).toBe(`${PUBLIC_URL}/redirect/lotcodeaaaaa`);
    await deps.db.update(companies).set({ digitalLinkQr: true }).where(eq(companies.id, company.id));
    expect(await decoded('lotcodeaaaaa')).toBe(`${PUBLIC_URL}/01/08930000000019/10/L%2F26`);
    expect(await decoded('prodcodeaaaa')).toBe(`${PUBLIC_URL}/01/08930000000019`);
    expect(await decoded('barecodeaaaa')).toBe(`${PUBLIC_URL}/redirect/barecodeaaaa`);
  });
});
