/**
 * GS1 on this app's origin (decisions 130, 133, 190 and 191), the HTTP answers: the Digital Link resolver for
 * every GS1 primary key (/01/{gtin}[/22/…][/10/…][/21/…], /414/{gln}, /00/{sscc}, …) with its 307s,
 * linksets, HEAD and OPTIONS with CORS; its description at /.well-known/gs1resolver; the public EPCIS 2.0
 * exports /api/epcis/products/{id} and /api/epcis/lots/{id}. Their paths are declared with the other
 * public paths in public-routes.ts (decision 110), which mounts them before the /api sub-app and the
 * client's catch-all.
 */
import type { Context } from 'hono';
import type { AppDeps } from '#server/deps.ts';
import { exportLotEpcis, exportProductEpcis } from '#server/services/epcis/export.ts';
import {
  GS1_VOC,
  linksetOf,
  RESOLVED_PRIMARY_KEYS,
  type Resolution,
  recordDigitalLinkOpen,
  resolveDigitalLink,
} from '#server/services/gs1/resolver.ts';
import type { Viewer } from '#server/services/products/resolve.ts';
import { type DigitalLinkError, parseDigitalLinkPath } from '#shared/gs1/digital-link.ts';
import { gs1En } from '#shared/i18n/en/gs1.ts';
import { vi } from '#shared/i18n/vi/index.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language',
  'Access-Control-Expose-Headers': 'Link, Location, Vary',
  'Access-Control-Max-Age': '600',
};
const LINKSET_TYPE = 'application/linkset+json';
/** GS1's JSON-LD context for linksets, named in the description file and in each linkset's Link header. */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

function corsHeaders(c: Context): void {
  for (const [k, v] of Object.entries(CORS)) c.header(k, v);
}

/**
 * An error answer of the resolver: the app's envelope (`statusCode`, `message` in Vietnamese) with the
 * same in English as `detail`, and the Application Identifier at fault when there is one. Never a 200.
 */
function problem(c: Context, status: 400 | 404, message: string, detail: string, ai?: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ statusCode: status, message, detail, ...(ai === undefined ? {} : { ai }) }, status);
}

function syntaxProblem(c: Context, error: DigitalLinkError, ai?: string) {
  const at = (text: string, name: (ai: string) => string) =>
    ai === undefined ? text : `${text} – ${name(ai)}`;
  return problem(
    c,
    400,
    at(`${vi.gs1.badDigitalLink}: ${vi.gs1.digitalLinkReasons[error]}`, vi.gs1.aiAtFault),
    at(`${gs1En.badDigitalLink}: ${gs1En.digitalLinkReasons[error]}`, gs1En.aiAtFault),
    ai,
  );
}

/**
 * The short link type asked for ('pip'), from `gs1:pip` or the vocabulary's URI as resolvers meet it:
 * https://ref.gs1.org/voc/pip (the standard's), https://gs1.org/voc/pip, https://www.gs1.org/voc/pip.
 */
function shortLinkType(value: string): string {
  if (value.startsWith('gs1:')) return value.slice(4);
  const m = /^https?:\/\/(?:ref\.|www\.)?gs1\.org\/voc\/(.+)$/i.exec(value);
  return m ? (m[1] as string) : value;
}

/**
 * The query to pass on to the target: the request's own, byte for byte (the resolver standard asks for
 * the entirety of it), less the resolver's `linkType`.
 */
function passedQuery(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== 'linkType');
  return kept.length ? `?${kept.join('&')}` : '';
}

function withQuery(href: string, query: string): string {
  if (!query) return href;
  return href.includes('?') ? `${href}&${query.slice(1)}` : `${href}${query}`;
}

const linksetLink = (r: Resolution) =>
  `<${r.anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`;

function answerLinkset(c: Context, r: Resolution) {
  c.header('Cache-Control', 'no-store');
  c.header(
    'Link',
    `${linksetLink(r)}, <${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
  );
  return c.body(JSON.stringify(linksetOf(r)), 200, { 'Content-Type': LINKSET_TYPE });
}

/**
 * A Digital Link: its default link (a 307), another link type, or its linkset. A visitor's GET that is
 * sent on to a product's default link is a scan, as a printed /redirect/{code} is (decision 136).
 */
export async function resolverAnswer(c: Context, deps: AppDeps, viewer: () => Promise<Viewer>) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  const url = new URL(c.req.url);
  const parsed = parseDigitalLinkPath(url.pathname, url.search);
  if (!parsed.ok) return syntaxProblem(c, parsed.error, parsed.ai);
  // The answer depends on Accept (the linkset or a redirect): caches must keep them apart.
  c.header('Vary', 'Accept');
  // A key written after a path of its own is a Digital Link on another resolver root than this one.
  const resolution = parsed.link.base === '' ? await resolveDigitalLink(deps, parsed.link) : null;
  if (!resolution) {
    if (parsed.link.primary === '01') return problem(c, 404, vi.gs1.unknownProduct, gs1En.unknownKey);
    return problem(c, 404, vi.gs1.unknownKey, gs1En.unknownKey);
  }

  const linkType = url.searchParams.get('linkType');
  const wantsLinkset =
    linkType === 'linkset' ||
    linkType === 'all' ||
    (!linkType && (c.req.header('accept') ?? '').includes(LINKSET_TYPE));
  if (wantsLinkset) return answerLinkset(c, resolution);

  const type = linkType ? shortLinkType(linkType) : 'defaultLink';
  const target = Object.hasOwn(resolution.links, type) ? resolution.links[type]?.[0] : undefined;
  if (!target) return problem(c, 404, vi.gs1.unknownLinkType, gs1En.unknownLinkType);
  if (type === 'defaultLink' && resolution.scan && c.req.method === 'GET')
    recordDigitalLinkOpen(deps, resolution.scan, await viewer());
  c.header('Cache-Control', 'no-store');
  c.header('Link', linksetLink(resolution));
  // A page's link type goes to the page itself, which chooses its language (decision 212).
  const href = Object.hasOwn(resolution.pages, type) ? (resolution.pages[type] as string) : target.href;
  return c.redirect(withQuery(href, passedQuery(url.search)), 307);
}

function epcisAnswer(c: Context, doc: Record<string, unknown> | null) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  if (!doc) return problem(c, 404, vi.errors.notFound, gs1En.notFound);
  c.header('Cache-Control', 'no-store');
  return c.body(JSON.stringify(doc), 200, { 'Content-Type': 'application/ld+json; charset=UTF-8' });
}

/** A positive integer id from the path, or null (then the answer is a 404 like a missing row). */
function pathId(c: Context): number | null {
  const raw = c.req.param('id') ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * /.well-known/gs1resolver: what this resolver supports, in the members GS1's resolver description file
 * schema names (its link types by namespace and prefix; the JSON-LD context of its linksets).
 */
export function resolverDescription(c: Context, deps: AppDeps) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  const root = deps.settings.publicUrl.replace(/\/+$/, '');
  c.header('Cache-Control', 'no-store');
  return c.json({
    name: vi.gs1.resolverName,
    resolverRoot: root,
    supportedPrimaryKeys: RESOLVED_PRIMARY_KEYS,
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
    jsonLdContextLocation: LINKSET_CONTEXT,
  });
}

/** The EPCIS 2.0 export of an ACTIVE product, as JSON-LD. */
export async function productEpcisAnswer(c: Context, deps: AppDeps) {
  const id = pathId(c);
  return epcisAnswer(c, id === null ? null : await exportProductEpcis(deps, id));
}

/** The EPCIS 2.0 export of a lot of an ACTIVE product, as JSON-LD. */
export async function lotEpcisAnswer(c: Context, deps: AppDeps) {
  const id = pathId(c);
  return epcisAnswer(c, id === null ? null : await exportLotEpcis(deps, id));
}
