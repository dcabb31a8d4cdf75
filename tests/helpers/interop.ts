import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '#server/paths.ts';

/** GS1 reference data copied into the repository, with its sources and licences (decision 195). */
const IN_REPO = join(PROJECT_ROOT, 'tests', 'fixtures', 'interop');

/**
 * The read-only `shared/interop/` beside the repository, for a file not copied into the repository
 * yet: found by walking up from the project folder (a clone sits next to `shared/`, a worktree one
 * level deeper).
 */
function besideRepo(): string {
  for (let dir = dirname(PROJECT_ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'interop');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`no shared/interop beside ${PROJECT_ROOT}`);
  }
}

export function readInterop<T = unknown>(...parts: string[]): T {
  const copied = join(IN_REPO, ...parts);
  const path = existsSync(copied) ? copied : join(besideRepo(), ...parts);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
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
