/**
 * The words a public answer's field list is written in (decision 199): what each key of the answer is
 * made of, said once, and rendered to SQLite's and PostgreSQL's SQL by sql.ts (each engine builds the
 * finished JSON in one statement, decisions 110 and 169) and read by the tests' reference
 * (tests/helpers/public-answer-reference.ts). A value names a column by its table's alias in the
 * answer's sources, never SQL text, so that each renderer and the reference can read it.
 *
 * Each value carries the TypeScript type of what it answers (`AnswerData`), so an answer's type is its
 * field list's, never written a second time.
 */

/** The tables an answer may read, and what a write to each makes stale (watched.ts). */
export type TableName =
  | 'products'
  | 'tracking_entries'
  | 'companies'
  | 'short_links'
  | 'lots'
  | 'lot_events'
  | 'lot_inputs'
  | 'lot_receipts'
  | 'partners'
  | 'plots'
  | 'lot_plots';

/** A column of a source: the source's alias in the answer, the column's SQL name. */
export interface Column {
  alias: string;
  column: string;
}

/** The request's values a statement is given: the key asked for and the public URL the links start with. */
export type Param = 'key' | 'publicUrl';

export type Value<T = unknown> = ValueNode & { readonly __answers?: T };
export type ValueNode =
  /** The column as it is (text, numbers). */
  | { op: 'column'; of: Column }
  /** A time column as Date#toISOString writes it; null stays null. */
  | { op: 'time'; of: Column }
  /** A boolean column. */
  | { op: 'flag'; of: Column }
  /**
   * A REAL column written as JavaScript writes the number (SQLite's json_object writes a whole REAL as
   * `2.0`): the first of the columns that has a value, else null.
   */
  | { op: 'number'; of: Column[] }
  /** Whether the column has a value. */
  | { op: 'isSet'; of: Column }
  /** A JSON column's value. */
  | { op: 'json'; of: Column }
  /** Text and columns and the public URL, joined. */
  | { op: 'text'; parts: Array<string | Column | { param: 'publicUrl' }> }
  /** The column's value when another column equals a word, else null. */
  | { op: 'when'; test: Column; equals: string; then: Column }
  /** The column's value when a boolean column is true, else null. */
  | { op: 'whenFlag'; test: Column; then: Column }
  | { op: 'null' }
  | { op: 'object'; fields: Record<string, ValueNode> }
  /** The value of the one row of `from` (null when there is none). */
  | { op: 'one'; from: readonly Source[]; value: ValueNode }
  /**
   * The values of the rows of `from` (its sources joined in order, as an answer's are), in `order` (a
   * column of the first source) and then the first source's row id; `bound` keeps a public answer's size
   * bounded whatever the company writes.
   */
  | {
      op: 'list';
      from: readonly Source[];
      order: Column & { text?: boolean };
      value: ValueNode;
      bound?: ListBound;
    };

/**
 * Which rows of a list's first source are read: only the first (smallest id) of those sharing `distinct`'s
 * column, then at most `limit` of them in the list's order.
 */
export interface ListBound {
  limit: number;
  distinct?: string;
}

/** What a row must be besides its join: a column equal to a word, or not null. */
export type Filter = Column & ({ equals: string } | { set: true });

/**
 * A table read by an answer under an alias: the rows whose `column` equals the value `to` names (a
 * column of an outer source, or the key asked for), that pass every filter.
 */
export interface Source {
  table: TableName;
  alias: string;
  on: { column: string; to: Column | { param: 'key' } };
  filters?: Filter[];
  /** A row need not exist (a LEFT JOIN): its columns are then null. */
  optional?: boolean;
}

/**
 * One public answer: its sources joined in order (the first holds the key), the ids it is kept and
 * dropped by (the product, the company, the lot it is of), and its field list.
 */
export interface AnswerDefinition<T = unknown> {
  sources: readonly Source[];
  /** Null for an answer of no product (a change to a product then never drops it). */
  productId: Column | null;
  companyId: Column;
  lotId: Column | null;
  data: Value<T>;
}

/** The type an answer definition's data is. */
export type AnswerData<D> = D extends AnswerDefinition<infer T> ? T : never;

export const column = <T = string>(alias: string, name: string): Value<NoInfer<T>> => ({
  op: 'column',
  of: { alias, column: name },
});
export const time = <T extends string | null = string>(alias: string, name: string): Value<NoInfer<T>> => ({
  op: 'time',
  of: { alias, column: name },
});
export const flag = (alias: string, name: string): Value<boolean> => ({
  op: 'flag',
  of: { alias, column: name },
});
export const number = (...of: Column[]): Value<number | null> => ({ op: 'number', of });
export const isSet = (alias: string, name: string): Value<boolean> => ({
  op: 'isSet',
  of: { alias, column: name },
});
export const json = <T>(alias: string, name: string): Value<NoInfer<T>> => ({
  op: 'json',
  of: { alias, column: name },
});
export const text = (...parts: Array<string | Column | { param: 'publicUrl' }>): Value<string> => ({
  op: 'text',
  parts,
});
export const when = <T>(test: Column, equals: string, then: Column): Value<NoInfer<T> | null> => ({
  op: 'when',
  test,
  equals,
  then,
});
export const whenFlag = <T>(test: Column, then: Column): Value<NoInfer<T> | null> => ({
  op: 'whenFlag',
  test,
  then,
});
/** No value: a field the answer has empty in this place (a lot page's product is of no scanned code). */
export const none = <T = never>(): Value<NoInfer<T> | null> => ({ op: 'null' });
export const object = <F extends Record<string, Value>>(
  fields: F,
): Value<{ [K in keyof F]: F[K] extends Value<infer T> ? T : never }> => ({ op: 'object', fields });
const sourcesOf = (from: Source | readonly Source[]): readonly Source[] => ('table' in from ? [from] : from);
export const one = <T>(from: Source | readonly Source[], value: Value<T>): Value<T | null> => ({
  op: 'one',
  from: sourcesOf(from),
  value,
});
export const list = <T>(
  from: Source | readonly Source[],
  order: Column & { text?: boolean },
  value: Value<T>,
  bound?: ListBound,
): Value<T[]> => ({
  op: 'list',
  from: sourcesOf(from),
  order,
  value,
  ...(bound ? { bound } : {}),
});
export const col = (alias: string, name: string): Column => ({ alias, column: name });

/** Every table an answer reads, in the order its statement names them. */
export function tablesOf(definition: AnswerDefinition): TableName[] {
  const found = new Set<TableName>();
  const walk = (value: ValueNode) => {
    if (value.op === 'object') for (const field of Object.values(value.fields)) walk(field);
    if (value.op === 'one' || value.op === 'list') {
      for (const source of value.from) found.add(source.table);
      walk(value.value);
    }
  };
  for (const source of definition.sources) found.add(source.table);
  walk(definition.data);
  return [...found];
}
