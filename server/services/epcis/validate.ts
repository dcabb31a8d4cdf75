import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ParsePool } from '#server/services/parsing/parse-pool.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { checkEpcisBounds } from './bounds.ts';
import { epcisDocumentSchema } from './schema.ts';

let compiled: Promise<ValidateFunction> | undefined;

/** A value as text that is the same for equal JSON values whatever their keys' order (ajv's deep equality). */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * The schema with each `uniqueItems` replaced by `uniqueByHash`: ajv's own check compares every pair
 * of items (5,000 context objects took 14 s); this one keeps each item's canonical text in a Map, so
 * a list costs its length (decision 175). The schema itself (schema.ts) stays GS1's.
 */
function withHashedUniqueness(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withHashedUniqueness);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) =>
      k === 'uniqueItems' ? ['uniqueByHash', v] : [k, withHashedUniqueness(v)],
    ),
  );
}

type KeywordCheck = ((schema: boolean, data: unknown[]) => boolean) & { errors?: Partial<ErrorObject>[] };
const uniqueByHash: KeywordCheck = (schema, data) => {
  uniqueByHash.errors = [];
  if (!schema) return true;
  const seen = new Map<string, number>();
  for (let i = 0; i < data.length; i++) {
    const key = canonical(data[i]);
    const first = seen.get(key);
    if (first !== undefined) {
      uniqueByHash.errors = [
        { keyword: 'uniqueItems', message: vi.gs1.epcisDuplicateItems(first, i), params: { i: first, j: i } },
      ];
      return false;
    }
    seen.set(key, i);
  }
  return true;
};

/**
 * ajv compiles the schema once per thread, on the first check (not needed to start the server). It
 * stops at the first failure: `allErrors` would go on checking every field of a hostile document.
 */
function validator(): Promise<ValidateFunction> {
  compiled ??= (async () => {
    const { Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    const ajv = new Ajv({ allErrors: false, strict: false });
    addFormats(ajv);
    ajv.addKeyword({
      keyword: 'uniqueByHash',
      type: 'array',
      schemaType: 'boolean',
      errors: true,
      validate: uniqueByHash,
    });
    return ajv.compile(withHashedUniqueness(epcisDocumentSchema) as object);
  })().catch((err) => {
    compiled = undefined;
    throw err;
  });
  return compiled;
}

/**
 * The one reason to show for a refused document: among ajv's errors (the first failure, with the
 * alternatives of any anyOf it failed in), the deepest one that is not a summary of alternatives
 * (anyOf / if), so the person reads the field at fault and what it broke.
 */
function mainError(errors: ErrorObject[]): ErrorObject {
  const concrete = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'if' && e.keyword !== 'allOf');
  const pool = concrete.length ? concrete : errors;
  return pool.reduce((best, e) =>
    e.instancePath.split('/').length > best.instancePath.split('/').length ? e : best,
  );
}

function describeError(e: ErrorObject): string {
  const missing =
    e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
  // Inside propertyNames, ajv names the offending field beside the error rather than in its path.
  const field = e.propertyName ?? (e.params as { propertyName?: string }).propertyName;
  const detail = missing
    ? `thiếu trường "${missing}" (${e.message ?? ''})`
    : field
      ? `tên trường "${field}" không được phép: phải là tên của chuẩn hoặc một URI có tiền tố (${e.message ?? ''})`
      : (e.message ?? e.keyword);
  return vi.gs1.epcisInvalid(e.instancePath || vi.gs1.epcisRoot, detail);
}

export type EpcisValidation = { ok: true } | { ok: false; message: string; path: string };

/** The schema check alone, on this thread: the parsing pool's thread runs it (server/services/parsing/). */
export async function checkEpcisSchema(doc: unknown): Promise<EpcisValidation> {
  const validate = await validator();
  if (validate(doc)) return { ok: true };
  const e = mainError(validate.errors ?? []);
  return { ok: false, message: describeError(e), path: e.instancePath };
}

export interface EpcisValidationOptions {
  /** Run the schema check on this pool's thread, within its budget (the import does). */
  pool?: Pick<ParsePool, 'checkEpcis'>;
  /** The most events the document may list (checked before the schema). */
  maxEvents?: number;
}

/**
 * Checks an EPCIS document against the import schema (schema.ts, decisions 133 and 193): first its bounds
 * (bounds.ts: lists, nesting, values, events), on the same parsed JSON, then the schema, on the
 * pool's thread when one is given.
 */
export async function validateEpcisDocument(
  doc: unknown,
  { pool, maxEvents = Number.POSITIVE_INFINITY }: EpcisValidationOptions = {},
): Promise<EpcisValidation> {
  const bounded = checkEpcisBounds(doc, maxEvents);
  if (!bounded.ok) return bounded;
  return pool ? pool.checkEpcis(doc) : checkEpcisSchema(doc);
}
