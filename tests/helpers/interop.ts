import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '#server/paths.ts';

/**
 * The EPCIS reference data (schema, documents) not yet copied into the repository is read from
 * `shared/interop/` beside it: found, when first asked for, by walking up from the project folder (a
 * clone sits next to `shared/`, a worktree one level deeper).
 */
function findInterop(): string {
  for (let dir = dirname(PROJECT_ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'interop');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`no shared/interop beside ${PROJECT_ROOT}`);
  }
}

export function readInterop<T = unknown>(...parts: string[]): T {
  return JSON.parse(readFileSync(join(findInterop(), ...parts), 'utf8')) as T;
}

/**
 * The Digital Link vectors and the linkset schema, copied into the repository with their sources
 * (tests/fixtures/interop/vectors/README.md): a fresh clone reads them without `shared/` beside it.
 */
export const VECTORS_DIR = join(PROJECT_ROOT, 'tests', 'fixtures', 'interop', 'vectors');

export function readVector<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(join(VECTORS_DIR, name), 'utf8')) as T;
}

/** The EPCIS document vectors, by file name. */
export function epcisVectors(): Array<{ name: string; doc: unknown }> {
  return readdirSync(join(findInterop(), 'vectors'))
    .filter((f) => f.endsWith('.json') && (f.startsWith('bad_') || !/digital-link|linkset/.test(f)))
    .map((name) => ({ name, doc: readInterop('vectors', name) }));
}

export interface DigitalLinkVectors {
  gtinCheckDigit: Array<{ body: string; check: string; gtin: string }>;
  valid: string[];
  invalid: Array<{ uri: string; why: string }>;
  libraryGaps: Array<{ uri: string; spec: string }>;
  compression: Array<{ uncompressed: string; compressed: string }>;
}
