// The declared tables (server/db/schema/, decision 196) and the committed migrations (drizzle/, drizzle/pg/)
// say the same thing: drizzle-kit, run on each dialect's tables, finds nothing left to migrate. A column or
// an index declared without its migration (or a migration edited away from the schema) fails here, in
// `npm test`, instead of at the next `npm run db:generate`. Read through drizzle-kit's own API, in process:
// the same snapshot and diff `drizzle-kit generate` computes, without writing a file.
import { readFileSync } from 'node:fs';
import {
  generateDrizzleJson,
  generateMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from 'drizzle-kit/api';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { pgTables, sqliteTables } from '#server/db/schema/index.ts';
import { projectPath } from '#server/paths.ts';

type Snapshot = Parameters<typeof generateMigration>[0];
type SqliteSnapshot = Parameters<typeof generateSQLiteMigration>[0];

/** The snapshot drizzle-kit wrote with the newest migration of `folder` (meta/_journal.json's last entry). */
function latestSnapshot<T>(folder: 'drizzle' | 'drizzle/pg'): T {
  const read = (path: string) => JSON.parse(readFileSync(projectPath(`${folder}/meta/${path}`), 'utf8'));
  const journal = read('_journal.json') as { entries: { idx: number }[] };
  const latest = journal.entries.at(-1);
  if (!latest) throw new Error(`${folder} has no migration`);
  return read(`${String(latest.idx).padStart(4, '0')}_snapshot.json`) as T;
}

const sqliteMigration = async (tables: Record<string, unknown>) =>
  generateSQLiteMigration(
    latestSnapshot<SqliteSnapshot>('drizzle'),
    (await generateSQLiteDrizzleJson(tables)) as SqliteSnapshot,
  );
const pgMigration = (tables: Record<string, unknown>) =>
  generateMigration(latestSnapshot<Snapshot>('drizzle/pg'), generateDrizzleJson(tables) as Snapshot);

describe('the committed migrations match the declared tables', () => {
  it('SQLite: drizzle-kit has nothing to generate', async () => {
    expect(await sqliteMigration(sqliteTables)).toEqual([]);
  });

  it('PostgreSQL: drizzle-kit has nothing to generate', async () => {
    expect(await pgMigration(pgTables)).toEqual([]);
  });

  it('fails when a table is declared without its migration, on either dialect', async () => {
    const sqliteExtra = sqliteTable('receipts', { note: sqliteText('note') });
    const pgExtra = pgTable('receipts', { note: text('note') }, (t) => [
      index('receipts_note_idx').on(t.note),
    ]);
    expect((await sqliteMigration({ ...sqliteTables, sqliteExtra })).join('\n')).toMatch(
      /CREATE TABLE `receipts`/,
    );
    const pgStatements = (await pgMigration({ ...pgTables, pgExtra })).join('\n');
    expect(pgStatements).toMatch(/CREATE TABLE "receipts"/);
    expect(pgStatements).toMatch(/CREATE INDEX "receipts_note_idx"/);
    // And a declared table missing from the tables: its migration is there, so drizzle-kit would drop it.
    const { documents: _documents, ...withoutDocuments } = pgTables;
    expect((await pgMigration(withoutDocuments)).join('\n')).toMatch(/DROP TABLE "documents"/);
  });
});
