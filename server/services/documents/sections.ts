import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { DocumentKey } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { DocumentPatch, DocumentSection, NewDocumentSection } from '#shared/schemas/documents.ts';
import { sanitizeDocumentBody } from './sanitize.ts';

type DocumentRow = Tables['documents']['$inferSelect'];

function toSection(row: DocumentRow): DocumentSection {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    subtitle: row.subtitle,
    body: row.body,
    position: row.position,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /settings/term-conditions?key=: the key's sections in order; public. */
export async function listSections(deps: AppDeps, key: DocumentKey): Promise<DocumentSection[]> {
  const { documents } = deps.db.tables;
  const rows = await deps.db
    .select()
    .from(documents)
    .where(eq(documents.key, key))
    .orderBy(asc(documents.position), asc(documents.id));
  return rows.map(toSection);
}

async function nextPosition(tx: Executor, key: DocumentKey): Promise<number> {
  const { documents } = tx.tables;
  const [row] = await tx
    .select({ last: max(documents.position) })
    .from(documents)
    .where(eq(documents.key, key));
  return row?.last == null ? 0 : row.last + 1;
}

/** Appends the sections after their key's last one, in the order given. */
export async function createSections(deps: AppDeps, items: NewDocumentSection[]): Promise<DocumentSection[]> {
  const { documents } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const created: DocumentSection[] = [];
    for (const item of items) {
      const [row] = await tx
        .insert(documents)
        .values({
          key: item.key,
          position: await nextPosition(tx, item.key),
          title: item.title,
          subtitle: item.subtitle,
          body: sanitizeDocumentBody(item.body),
        })
        .returning();
      // An insert's RETURNING has its one row.
      created.push(toSection(row!));
    }
    return created;
  });
}

/**
 * All or nothing: a missing section is 404, a stale `version` 409, and then nothing is saved.
 * Every changed section's version goes up by one.
 */
export async function updateSections(deps: AppDeps, items: DocumentPatch[]): Promise<DocumentSection[]> {
  const { documents } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const sections: DocumentSection[] = [];
    for (const { id, version, body, ...fields } of items) {
      const [row] = await tx.select().from(documents).where(eq(documents.id, id)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', vi.documents.sectionNotFound(id));
      if (version !== undefined && version !== row.version) {
        throw new AppError('CONFLICT', vi.errors.versionConflict);
      }
      const changes = { ...fields, ...(body === undefined ? {} : { body: sanitizeDocumentBody(body) }) };
      if (Object.values(changes).every((v) => v === undefined)) {
        sections.push(toSection(row));
        continue;
      }
      const [updated] = await tx
        .update(documents)
        .set({ ...changes, version: row.version + 1 })
        .where(and(eq(documents.id, id), eq(documents.version, row.version)))
        .returning();
      if (!updated) throw new AppError('CONFLICT', vi.errors.versionConflict);
      sections.push(toSection(updated));
    }
    return sections;
  });
}

/** Removes the sections; one unknown id refuses the whole call (404). */
export async function deleteSections(deps: AppDeps, ids: number[]) {
  const { documents } = deps.db.tables;
  const unique = [...new Set(ids)];
  return transaction(deps.db, async (tx) => {
    const found = await tx.select({ id: documents.id }).from(documents).where(inArray(documents.id, unique));
    const missing = unique.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) throw new AppError('NOT_FOUND', vi.documents.sectionNotFound(missing));
    await tx.delete(documents).where(inArray(documents.id, unique));
    return { count: unique.length };
  });
}
