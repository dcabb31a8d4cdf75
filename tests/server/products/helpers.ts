import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import {
  insertProductRecord,
  type ProductFields,
  type TrackingFields,
} from '#server/services/products/records.ts';
import { createCompany, createUser, tokenFor } from '#tests/helpers/factories.ts';
import type { TestApi } from '#tests/helpers/http.ts';

/** A product row made the one way rows are born (records.ts), for tests that need data in place. */
export function makeProduct(
  deps: AppDeps,
  companyId: number,
  fields: Partial<ProductFields> = {},
  trackings: TrackingFields[] = [],
  qrCode?: string,
) {
  return transaction(deps.db, (tx) =>
    insertProductRecord(tx, companyId, { name: 'Sản phẩm thử', ...fields }, trackings, { qrCode }),
  );
}

/**
 * Two companies and one user of every role: A has an admin and an employee, B an admin. Tokens for
 * REST calls; `none` is a visitor.
 */
export async function people(deps: AppDeps) {
  const companyA = await createCompany(deps, { name: 'Công ty Cà phê Đắk Lắk' });
  const companyB = await createCompany(deps, { name: 'Công ty B' });
  const superAdmin = await createUser(deps, { role: 'SUPER_ADMIN' });
  const moderator = await createUser(deps, { role: 'MODERATOR' });
  const adminA = await createUser(deps, { role: 'COMPANY_ADMIN', companyId: companyA.id });
  const employeeA = await createUser(deps, { role: 'EMPLOYEE', companyId: companyA.id });
  const adminB = await createUser(deps, { role: 'COMPANY_ADMIN', companyId: companyB.id });
  const user = await createUser(deps, { role: 'USER' });
  const users = { superAdmin, moderator, adminA, employeeA, adminB, user };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([k, u]) => [k, await tokenFor(deps, u)])),
  ) as Record<keyof typeof users, string>;
  return { companyA, companyB, ...users, tokens };
}

/** The role matrix rows: who calls, with which token, and the status a company-managed path answers. */
export const MANAGE_MATRIX = [
  { role: 'SUPER_ADMIN', who: 'superAdmin', allowed: true },
  { role: 'MODERATOR', who: 'moderator', allowed: false },
  { role: 'COMPANY_ADMIN', who: 'adminA', allowed: true },
  { role: 'EMPLOYEE', who: 'employeeA', allowed: true },
  { role: 'USER', who: 'user', allowed: false },
  { role: 'no token', who: null, allowed: false },
] as const;

/** The status a refused caller gets: 401 without a token, 403 signed in without the right. */
export const refusedStatus = (who: string | null) => (who === null ? 401 : 403);

/** A multipart body with one `file` field. */
export function fileForm(bytes: Uint8Array, filename: string, type = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
  return form;
}

/** POST a file to a multipart path of the test API. */
export function postFile(
  api: TestApi,
  path: string,
  bytes: Uint8Array,
  filename: string,
  token?: string,
  type?: string,
) {
  return api.call('POST', path, { raw: fileForm(bytes, filename, type), token });
}

/** A clean QR PNG of `text`, as a label printer would make it. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, width: 400 });
}

export const TIMELINE: TrackingFields[] = [
  { activity: 'Thu hoạch', location: 'Buôn Ma Thuột', date: '2024-01-10', description: 'Hái chín' },
  { activity: 'Rang', location: 'Đắk Lắk', date: '2024-02-01', description: '' },
  {
    activity: 'Đóng gói',
    location: 'TP. Hồ Chí Minh',
    date: '2024-02-15T08:30:00Z',
    description: 'Túi 500g',
  },
];

/** A valid, blank white grayscale PNG: an image with no code in it. */
export function whitePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (gray)
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
