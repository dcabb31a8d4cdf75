import type pg from 'pg';
import type { ChangeKey } from '#server/db/change-feed.ts';
import type { PublicAnswerKind } from '#shared/public-pages.ts';
import { ANSWERS } from './answers.ts';
import { type AnswerSource, rowOf, type SourceRow } from './source.ts';
import { answerSql, POSTGRES, primaryCodeSql } from './sql.ts';

/**
 * The public answers on PostgreSQL (decision 169): one prepared statement per kind of answer that returns
 * the finished answer, rendered from the same field list as SQLite's (answers.ts, sql.ts). The query
 * builder with the workspace's serializers made five round trips per miss and most of a miss's CPU in
 * building and reading them (bench/RESULTS.md). PostgreSQL's json text is spaced (`"id" : 1`), so it is
 * read back and written with JSON.stringify, which gives the bytes SQLite's json_object gives.
 */
const STATEMENTS = Object.fromEntries(
  Object.entries(ANSWERS).map(([kind, answer]) => {
    const text = answerSql(POSTGRES, answer, { data: (json) => `${json}::text` });
    return [kind, { text, withUrl: text.includes('$2') }];
  }),
) as Record<PublicAnswerKind, { text: string; withUrl: boolean }>;

const PRIMARY_CODE = primaryCodeSql(POSTGRES);

type Row = [productId: number | null, companyId: number | null, json: string, lotId: number | null];

/** The statements, prepared by name on each pooled connection the first time it runs them. */
class PgSource implements AnswerSource {
  constructor(
    private readonly pool: pg.Pool,
    private readonly publicUrl: string,
  ) {}

  private async row(name: string, text: string, values: unknown[]): Promise<unknown[] | undefined> {
    const result = await this.pool.query<unknown[]>({
      name: `public_${name}`,
      text,
      values,
      rowMode: 'array',
    });
    return result.rows[0];
  }

  // Ids past PostgreSQL's `integer` never come here: the public answers answer them with none (decision 166).
  async answer(kind: PublicAnswerKind, key: string | number): Promise<SourceRow | undefined> {
    const { text, withUrl } = STATEMENTS[kind];
    const found = (await this.row(kind, text, withUrl ? [key, this.publicUrl] : [key])) as Row | undefined;
    // PostgreSQL's json text is spaced: written again as JSON.stringify writes it (SQLite's bytes).
    return rowOf(found && [found[0], found[1], JSON.stringify(JSON.parse(found[2])), found[3]]);
  }

  async primaryCode(id: number): Promise<string | undefined> {
    return (await this.row('primaryCode', PRIMARY_CODE, [id]))?.[0] as string | undefined;
  }

  // Its changes come from the change feed to the public answers; nothing is stored here.
  changed(_change: ChangeKey): void {}
  close(): void {}
}

export function createPgAnswerSource(pool: pg.Pool, publicUrl: string): AnswerSource {
  return new PgSource(pool, publicUrl);
}
