import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LimitScope, limitedSerialReport } from '#server/security/limits.ts';
import { inspectImage } from '#server/services/uploads/inspect.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { isSerialShaped } from '#shared/serials.ts';
import { findSerial } from './lookup.ts';
import type { OpenPlace } from './verdict.ts';

export interface FakeReportInput {
  serial: string;
  shopName: string;
  note: string;
  /** The product the page showed, for a serial that was never issued (its company is then the product's). */
  productId?: number;
  photo?: Uint8Array;
}

export interface FakeReportView {
  id: number;
  serial: string;
  /** Whether the serial was one of the company's (a report of a code never issued has none). */
  issued: boolean;
  shopName: string;
  note: string;
  photo: string | null;
  province: string | null;
  provinceApproximate: boolean;
  createdAt: string;
}

/** Its photo is checked by its bytes (a JPEG, PNG or GIF, at most the upload limit) before anything is kept. */
async function keepPhoto(deps: Pick<AppDeps, 'settings'>, bytes: Uint8Array): Promise<string> {
  const image = await inspectImage(bytes, deps.settings.uploadMaxBytes);
  const name = `${randomBytes(16).toString('base64url')}.${image.ext}`;
  const path = join(deps.settings.uploadsDir, name);
  try {
    await writeFile(path, bytes, { flag: 'wx' });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') await rm(path, { force: true });
    throw err;
  }
  return `/uploads/${name}`;
}

/**
 * POST /api/serials/{serial}/reports (issue 32): anyone may report a suspected fake, bounded per address.
 * The company is the serial's; for a serial never issued, the ACTIVE product the page named. Neither: 404.
 */
export async function reportFake(
  deps: Pick<AppDeps, 'db' | 'settings' | 'logger'> & LimitScope,
  input: FakeReportInput,
  place: OpenPlace,
): Promise<{ id: number }> {
  return limitedSerialReport(deps, async () => {
    const found = isSerialShaped(input.serial) ? await findSerial(deps.db, input.serial) : null;
    let companyId = found?.batch.companyId ?? null;
    if (companyId === null && input.productId !== undefined) {
      const { products } = deps.db.tables;
      const [p] = await deps.db
        .select({ companyId: products.companyId })
        .from(products)
        .where(and(eq(products.id, input.productId), eq(products.status, 'ACTIVE')))
        .limit(1);
      companyId = p?.companyId ?? null;
    }
    if (companyId === null) throw new AppError('NOT_FOUND', vi.serialVerdict.notIssued);
    const photo = input.photo?.length ? await keepPhoto(deps, input.photo) : null;
    const { serialReports } = deps.db.tables;
    const [row] = await deps.db
      .insert(serialReports)
      .values({
        companyId,
        batchId: found?.batch.id ?? null,
        seq: found?.seq ?? null,
        serialText: input.serial,
        shopName: input.shopName,
        note: input.note,
        photo,
        province: place.province,
        provinceApproximate: place.approximate,
      })
      .returning({ id: serialReports.id });
    deps.logger.info({ event: 'serial.report', companyId, reportId: row?.id }, 'fake report received');
    return { id: row?.id as number };
  });
}

/** The company's fake reports, newest first, a page at a time (`before`: the last id of the page before). */
export async function listFakeReports(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  page: { before?: number; limit: number },
): Promise<{ items: FakeReportView[]; nextBefore: number | null }> {
  const { serialReports, serials } = deps.db.tables;
  const rows = await deps.db
    .select({ r: serialReports, serial: serials.serial })
    .from(serialReports)
    .leftJoin(serials, and(eq(serials.batchId, serialReports.batchId), eq(serials.seq, serialReports.seq)))
    .where(
      and(
        eq(serialReports.companyId, companyId),
        page.before !== undefined ? lt(serialReports.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(serialReports.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(
    ({ r, serial }): FakeReportView => ({
      id: r.id,
      serial: serial ?? r.serialText,
      issued: serial !== null,
      shopName: r.shopName,
      note: r.note,
      photo: r.photo,
      province: r.province,
      provinceApproximate: r.provinceApproximate,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return { items, nextBefore: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}
