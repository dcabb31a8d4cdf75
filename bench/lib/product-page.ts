import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addAccounts, login } from './accounts.ts';
import { type App, ensureClientBuilt, startApp } from './app.ts';

export interface ProductPageApp {
  app: App;
  /** A product with a three-step timeline and no picture. */
  plain: { id: number; code: string };
  /** The same with a product photo (tests/fixtures/photo-qr.jpg, 234 kB), as a phone camera uploads it. */
  photo: { id: number; code: string };
  close(): Promise<void>;
}

const ADMIN = { email: 'page-admin@example.vn', password: 'Page-admin-2026' };

async function api<T>(app: App, token: string, path: string, init: RequestInit): Promise<T> {
  const res = await fetch(app.base + path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = (await res.json()) as { message?: string; data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

/**
 * The real app on a fresh data directory with one company, its COMPANY_ADMIN (written into the
 * database before start) and two ACTIVE products created through the API, for the phone-page figures.
 */
export async function startWithProducts(port: number): Promise<ProductPageApp> {
  ensureClientBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-page-'));
  await addAccounts(join(dataDir, 'app.db'), [{ ...ADMIN, role: 'COMPANY_ADMIN', companyId: 1 }], {
    name: 'Hợp tác xã Cà phê Ea Tu',
  });
  const app = await startApp(dataDir, port);
  try {
    const token = await login(app.base, ADMIN);
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync('tests/fixtures/photo-qr.jpg')], { type: 'image/jpeg' }),
      'anh.jpg',
    );
    const { url } = await api<{ url: string }>(app, token, '/api/uploads', { method: 'POST', body: form });
    const create = async (image: string | null) => {
      const p = await api<{ id: number; qr_code: string }>(app, token, '/api/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Cà phê Robusta rang mộc Buôn Ma Thuột',
          status: 'ACTIVE',
          category: 'Cà phê',
          unit: 'Gói 500 g',
          tags: ['hữu cơ', 'đặc sản'],
          origin: 'Buôn Ma Thuột, Đắk Lắk',
          ...(image ? { image, images: [image] } : {}),
          trackings: [
            {
              activity: 'Thu hoạch',
              location: 'Ea Tu, Buôn Ma Thuột',
              date: '2025-11-05',
              description: 'Hái chín bằng tay, chỉ chọn quả đỏ.',
            },
            {
              activity: 'Rang',
              location: 'Xưởng rang Ea Tu',
              date: '2025-11-20',
              description: 'Rang mộc, không tẩm.',
            },
            {
              activity: 'Đóng gói',
              location: 'TP. Buôn Ma Thuột',
              date: '2025-11-22',
              description: 'Túi van một chiều 500 g.',
            },
          ],
        }),
      });
      return { id: p.id, code: p.qr_code };
    };
    const plain = await create(null);
    const photo = await create(url);
    return {
      app,
      plain,
      photo,
      close: async () => {
        await app.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
