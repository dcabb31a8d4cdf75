import { vi } from '#shared/i18n/vi/index.ts';
import {
  IMPORT_TRANSLATION_COLUMNS,
  type ImportColumn,
  type ImportRowError,
} from '#shared/schemas/productImport.ts';
import { type CreateProductInput, createProductInput } from '#shared/schemas/products.ts';
import { productTranslationSchema } from '#shared/schemas/translations.ts';
import type { ProductTranslation, Translations } from '#shared/translations.ts';
import { foldVietnamese } from '#shared/text.ts';
import type { SheetRow } from './parse.ts';

const m = vi.workspaceImport;

/** The product-level columns: given once per product (on its first row), or repeated identically. */
const PRODUCT_COLUMNS = [
  'name',
  'status',
  'category',
  'unit',
  'tags',
  'origin',
  'qr_code',
  'gtin',
  'brand',
  'standards',
  'shelf_life',
  ...IMPORT_TRANSLATION_COLUMNS.map((c) => c.column),
] as const;
/** The timeline columns: one step per row; a row with none of them adds no step. */
const STEP_COLUMNS = ['activity', 'location', 'date', 'description'] as const;

/** A product of the file, validated by the shared product schema, with the rows it came from. */
export interface ImportProduct {
  /** The product's first row. */
  row: number;
  /** The row of each timeline step, in order. */
  stepRows: number[];
  input: Omit<CreateProductInput, 'companyId'>;
  /** The product's text in other languages, from the `_en` and `_zh` columns (decision 210). */
  translations: Translations<ProductTranslation>;
  valid: boolean;
}

function statusOf(text: string | undefined): 'ACTIVE' | 'INACTIVE' | null {
  if (text === undefined) return 'INACTIVE';
  const folded = foldVietnamese(text);
  if ((m.activeWords as readonly string[]).includes(folded)) return 'ACTIVE';
  if ((m.inactiveWords as readonly string[]).includes(folded)) return 'INACTIVE';
  return null;
}

/** DD/MM/YYYY (how Vietnamese spreadsheets write dates) -> YYYY-MM-DD; other text goes to the schema as is. */
export function dateOf(text: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dmy) return text;
  const [, d, mo, y] = dmy;
  return `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

const splitTags = (text: string | undefined) =>
  text
    ? text
        .split(/[,;]/)
        .map((t) => t.trim())
        .filter(Boolean)
    : [];

/** Rows sharing a key are one product; a row without a key is a product by itself. In file order. */
function groupRows(rows: SheetRow[]): SheetRow[][] {
  const groups: SheetRow[][] = [];
  const byKey = new Map<string, SheetRow[]>();
  for (const row of rows) {
    const key = row.cells.key;
    if (key === undefined) {
      groups.push([row]);
      continue;
    }
    let group = byKey.get(key);
    if (!group) {
      group = [];
      byKey.set(key, group);
      groups.push(group);
    }
    group.push(row);
  }
  return groups;
}

/**
 * Turns the file's rows into products and checks each with the same schema as the product form, so a
 * file accepts exactly what the form accepts. Errors name the row and column they come from.
 */
export function validateRows(rows: SheetRow[]): { products: ImportProduct[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const products: ImportProduct[] = [];
  for (const group of groupRows(rows)) {
    const first = group[0]!;
    const before = errors.length;
    // Product fields: the first row that gives a value sets it; a later, different value is an error.
    const given: Partial<Record<ImportColumn, { value: string; row: number }>> = {};
    for (const row of group) {
      for (const column of PRODUCT_COLUMNS) {
        const value = row.cells[column];
        if (value === undefined) continue;
        const seen = given[column];
        if (!seen) given[column] = { value, row: row.row };
        else if (seen.value !== value)
          errors.push({ row: row.row, field: column, message: m.differsFromRow(seen.row) });
      }
    }
    const status = statusOf(given.status?.value);
    if (status === null) errors.push({ row: given.status!.row, field: 'status', message: m.invalidStatus });

    const stepRows = group.filter((r) => STEP_COLUMNS.some((c) => r.cells[c] !== undefined));
    const candidate = {
      name: given.name?.value ?? '',
      status: status ?? 'INACTIVE',
      category: given.category?.value,
      unit: given.unit?.value,
      tags: [...new Set(splitTags(given.tags?.value))],
      origin: given.origin?.value,
      ...(given.qr_code ? { qr_code: given.qr_code.value } : {}),
      ...(given.gtin ? { gtin: given.gtin.value } : {}),
      brand: given.brand?.value,
      standards: given.standards?.value,
      shelf_life: given.shelf_life?.value,
      trackings: stepRows.map((r) => ({
        activity: r.cells.activity ?? '',
        location: r.cells.location,
        date: dateOf(r.cells.date ?? ''),
        description: r.cells.description,
      })),
    };
    const parsed = createProductInput.safeParse(candidate);
    if (!parsed.success) {
      // One message per cell: a date can fail both its pattern and its calendar check.
      const said = new Set<string>();
      const push = (e: ImportRowError) => {
        const at = `${e.row}.${e.field}`;
        if (!said.has(at)) errors.push(e);
        said.add(at);
      };
      for (const issue of parsed.error.issues) {
        const [head, index, field] = issue.path;
        if (head === 'trackings' && typeof index === 'number') {
          push({
            row: stepRows[index]?.row ?? first.row,
            field: typeof field === 'string' ? field : 'activity',
            message: issue.message,
          });
        } else {
          const column = (typeof head === 'string' ? head : 'name') as ImportColumn;
          push({ row: given[column]?.row ?? first.row, field: column, message: issue.message });
        }
      }
    }
    const translations = translationsOf(given, first.row, errors);
    products.push({
      row: first.row,
      stepRows: stepRows.map((r) => r.row),
      input: parsed.success ? parsed.data : candidate,
      translations,
      valid: errors.length === before,
    });
  }
  return { products, errors };
}

/**
 * A product's translations from its translation columns, each language checked by the schema a translation
 * is saved with (bounds as the Vietnamese fields); an error names the column. A language of empty cells is
 * absent, as a saved one is.
 */
function translationsOf(
  given: Partial<Record<ImportColumn, { value: string; row: number }>>,
  firstRow: number,
  errors: ImportRowError[],
): Translations<ProductTranslation> {
  const translations: Translations<ProductTranslation> = {};
  for (const { column, field, lang } of IMPORT_TRANSLATION_COLUMNS) {
    const value = given[column]?.value.trim();
    if (!value) continue;
    const parsed = productTranslationSchema.shape[field].safeParse(value);
    if (!parsed.success) {
      errors.push({
        row: given[column]?.row ?? firstRow,
        field: column,
        message: parsed.error.issues[0]!.message,
      });
      continue;
    }
    translations[lang] = { ...translations[lang], [field]: parsed.data };
  }
  return translations;
}
