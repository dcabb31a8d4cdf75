import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '#server/paths.ts';

/**
 * GS1 reference data copied into the repository, each folder with a README naming its sources and
 * licences (decision 195): `epcis/` (schema, contexts, documents, event hash vectors) and `vectors/`
 * (Digital Link vectors, linkset schema). A fresh clone reads them without `shared/` beside it.
 */
const IN_REPO = join(PROJECT_ROOT, 'tests', 'fixtures', 'interop');

export function readInterop<T = unknown>(...parts: string[]): T {
  return JSON.parse(readFileSync(join(IN_REPO, ...parts), 'utf8')) as T;
}

/** A file of `vectors/` (tests/fixtures/interop/vectors/README.md). */
export function readVector<T = unknown>(name: string): T {
  return readInterop<T>('vectors', name);
}

/** The EPCIS document vectors, by file name. */
export function epcisVectors(): Array<{ name: string; doc: unknown }> {
  return readdirSync(join(IN_REPO, 'epcis', 'documents'))
    .filter((f) => f.endsWith('.json'))
    .map((name) => ({ name, doc: readInterop('epcis', 'documents', name) }));
}

export interface DigitalLinkVectors {
  gtinCheckDigit: Array<{ body: string; check: string; gtin: string }>;
  valid: string[];
  invalid: Array<{ uri: string; why: string }>;
  libraryGaps: Array<{ uri: string; spec: string }>;
  compression: Array<{ uncompressed: string; compressed: string }>;
}
