import type { ErrorObject, ValidateFunction } from 'ajv';
import { vi } from '#shared/i18n/vi/index.ts';
import { epcisDocumentSchema } from './schema.ts';

let compiled: Promise<ValidateFunction> | undefined;

/** ajv compiles the schema once per process, on the first import (not needed to start the server). */
function validator(): Promise<ValidateFunction> {
  compiled ??= (async () => {
    const { Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    return ajv.compile(epcisDocumentSchema as object);
  })().catch((err) => {
    compiled = undefined;
    throw err;
  });
  return compiled;
}

/**
 * The one reason to show for a refused document: among ajv's errors, the deepest one that is not a
 * summary of alternatives (anyOf / if), so the person reads the field at fault and what it broke.
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

/** Checks an EPCIS document against the ObjectEvent document schema (decision 133). */
export async function validateEpcisDocument(doc: unknown): Promise<EpcisValidation> {
  const validate = await validator();
  if (validate(doc)) return { ok: true };
  const e = mainError(validate.errors ?? []);
  return { ok: false, message: describeError(e), path: e.instancePath };
}
