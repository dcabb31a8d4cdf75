/**
 * EPCIS documents' JSON-LD @context (decision 193): an import must name EPCIS 2.0's context, the namespaces
 * it declares besides are kept with each event, and an export declares them again, so that `ext:myField`
 * still means what it meant.
 */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/**
 * Where EPCIS 2.0's context is published: ref.gs1.org, by version or as the latest, and the gs1/EPCIS
 * repository's pages the standard's drafts and GS1's own examples name.
 */
const EPCIS_CONTEXT_URL =
  /^https:\/\/(ref\.gs1\.org\/standards\/epcis\/(\d+\.\d+\.\d+\/)?|gs1\.github\.io\/EPCIS\/)epcis-context\.jsonld$/;

const entriesOf = (context: unknown): unknown[] =>
  Array.isArray(context) ? context : context === undefined || context === null ? [] : [context];

const isEpcisContext = (entry: unknown) => typeof entry === 'string' && EPCIS_CONTEXT_URL.test(entry);

export function hasEpcisContext(context: unknown): boolean {
  return entriesOf(context).some(isEpcisContext);
}

/** The entries of a document's @context besides EPCIS's own: what its events' prefixes mean. */
export function otherContexts(context: unknown): unknown[] {
  return entriesOf(context).filter((entry) => !isEpcisContext(entry));
}

type Prefixes = Record<string, unknown>;
const isPrefixes = (v: unknown): v is Prefixes => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ExportContext {
  /** The document's @context. */
  context: unknown[];
  /** Per event (by index), the @context it carries itself because its prefixes clash with another's. */
  own: Map<number, unknown[]>;
}

/**
 * The @context of an export: EPCIS's, the app's own prefixes, then every event's kept entries. An event
 * whose prefixes mean something else than the document's already do carries its entries itself (EPCIS
 * allows an @context on an event), so no prefix is declared twice with two meanings.
 */
export function exportContext(appPrefixes: Prefixes, eventContexts: Array<unknown[] | null>): ExportContext {
  const prefixes: Prefixes = { ...appPrefixes };
  const remote: string[] = [];
  const own = new Map<number, unknown[]>();
  eventContexts.forEach((entries, index) => {
    if (!entries?.length) return;
    const declared = entries.filter(isPrefixes).flatMap((p) => Object.entries(p));
    if (declared.some(([k, v]) => k in prefixes && JSON.stringify(prefixes[k]) !== JSON.stringify(v))) {
      own.set(index, entries);
      return;
    }
    for (const [k, v] of declared) prefixes[k] = v;
    for (const entry of entries) if (typeof entry === 'string' && !remote.includes(entry)) remote.push(entry);
  });
  return { context: [EPCIS_CONTEXT, ...remote, prefixes], own };
}
