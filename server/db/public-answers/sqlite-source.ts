import type { Statement } from 'better-sqlite3';
import type { ChangeKey } from '#server/db/change-feed.ts';
import type { Sqlite } from '#server/db/client.ts';
import type { DiskWatch } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';
import type { PublicAnswerKind } from '#shared/public-pages.ts';
import { StoredAnswers, type StoredAnswersOptions } from './answer-store.ts';
import { ANSWERS } from './answers.ts';
import { type AnswerSource, rowOf, type SourceRow } from './source.ts';
import { answerSql, primaryCodeSql, SQLITE } from './sql.ts';

export interface SqliteSourceOptions {
  publicUrl: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Told when the stored answers' file met a full disk (decision 181). */
  disk?: Pick<DiskWatch, 'sawFull'>;
  /** The stored answers' reserve and retry (answer-store.ts); tests set them. */
  store?: Pick<StoredAnswersOptions, 'reserveBytes' | 'retryMs'>;
}

/**
 * SQLite: one prepared statement per kind of answer that builds the finished JSON (decision 110), and
 * the product answers stored by code between requests (decision 145). The statements are synchronous,
 * so a miss is answered in the same turn as the ask.
 */
class SqliteSource implements AnswerSource {
  private readonly statements: Record<PublicAnswerKind, Statement>;
  private readonly primary: Statement;
  readonly store: StoredAnswers;

  constructor(
    sqlite: Sqlite,
    private readonly options: SqliteSourceOptions,
  ) {
    this.statements = Object.fromEntries(
      Object.entries(ANSWERS).map(([kind, answer]) => [
        kind,
        sqlite.prepare(answerSql(SQLITE, answer)).raw(),
      ]),
    ) as Record<PublicAnswerKind, Statement>;
    this.primary = sqlite.prepare(primaryCodeSql(SQLITE)).pluck();
    this.store = new StoredAnswers(
      sqlite,
      (selection) =>
        answerSql(SQLITE, ANSWERS.product, {
          selection,
          leading: ['s.code'],
          data: (json) => `CAST(${json} AS BLOB)`,
        }),
      { publicUrl: options.publicUrl },
      {
        ...options.store,
        logger: options.logger,
        disk: options.disk,
        onBuilt: (stats) =>
          options.logger?.info({ event: 'answers.stored', ...stats }, 'public answers stored'),
      },
    );
  }

  answer(kind: PublicAnswerKind, key: string | number): SourceRow | undefined {
    if (kind === 'product') {
      const stored = this.store.read(key as string);
      if (stored)
        return {
          productId: stored[0],
          companyId: stored[1],
          lotId: stored[2],
          data: stored[3],
          stored: true,
        };
    }
    return rowOf(
      this.statements[kind].get({ key, publicUrl: this.options.publicUrl }) as Parameters<typeof rowOf>[0],
    );
  }

  primaryCode(id: number): string | undefined {
    return this.primary.get({ key: id }) as string | undefined;
  }

  changed(change: ChangeKey): void {
    this.store.changed(change.productId, change.companyId, change.code);
  }

  close(): void {
    this.store.close();
  }
}

export function createSqliteAnswerSource(sqlite: Sqlite, options: SqliteSourceOptions): AnswerSource {
  return new SqliteSource(sqlite, options);
}
