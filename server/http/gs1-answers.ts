/**
 * GS1 on this app's origin (decisions 130 and 133), the HTTP answers: the Digital Link resolver
 * (/01/{gtin}[/22/…][/10/…][/21/…]) with its 307s, linksets, HEAD and OPTIONS with CORS; its
 * description at /.well-known/gs1resolver; the public EPCIS 2.0 exports /api/epcis/products/{id} and
 * /api/epcis/lots/{id}. Their paths are declared with the other public paths in public-routes.ts
 * (decision 110), which mounts them before the /api sub-app and the client's catch-all.
 */
import type { Context } from 'hono';
import type { AppDeps } from '#server/deps.ts';
import { exportLotEpcis, exportProductEpcis } from '#server/services/epcis/export.ts';
import {
  GS1_VOC,
  linksetOf,
  recordDigitalLinkOpen,
  type Resolution,
  resolveDigitalLink,
} from '#server/services/gs1/resolver.ts';
import type { Viewer } from '#server/services/products/resolve.ts';
import { parseDigitalLinkPath } from '#shared/gs1/digital-link.ts';
import { vi } from '#shared/i18n/vi/index.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language',
  'Access-Control-Expose-Headers': 'Link, Location',
  'Access-Control-Max-Age': '600',
};
const LINKSET_TYPE = 'application/linkset+json';

function corsHeaders(c: Context): void {
  for (const [k, v] of Object.entries(CORS)) c.header(k, v);
}

function problem(c: Context, status: 400 | 404, message: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ statusCode: status, message }, status);
}

/** The link type asked for, short ('pip'), from `gs1:pip` or the full vocabulary URI. */
function shortLinkType(value: string): string {
  if (value.startsWith('gs1:')) return value.slice(4);
  if (value.startsWith(GS1_VOC)) return value.slice(GS1_VOC.length);
  return value;
}

/** The query to pass on to the target: everything but the resolver's own `linkType`. */
function passedQuery(url: URL): string {
  const q = new URLSearchParams(url.search);
  q.delete('linkType');
  const s = q.toString();
  return s ? `?${s}` : '';
}

function withQuery(href: string, query: string): string {
  if (!query) return href;
  return href.includes('?') ? `${href}&${query.slice(1)}` : `${href}${query}`;
}

function answerLinkset(c: Context, r: Resolution) {
  c.header('Cache-Control', 'no-store');
  c.header('Link', `<${r.anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`);
  return c.body(JSON.stringify(linksetOf(r)), 200, { 'Content-Type': LINKSET_TYPE });
}

/**
 * A Digital Link: its default link (a 307), another link type, or its linkset. A visitor's GET that is
 * sent on to the default link is a scan, as a printed /redirect/{code} is (decision 136).
 */
export async function resolverAnswer(c: Context, deps: AppDeps, viewer: () => Promise<Viewer>) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  const url = new URL(c.req.url);
  const parsed = parseDigitalLinkPath(url.pathname, url.search);
  if (!parsed.ok) return problem(c, 400, `${vi.gs1.badDigitalLink}: ${vi.gs1.digitalLinkReasons[parsed.error]}`);
  const resolution = await resolveDigitalLink(deps, parsed.link);
  if (!resolution) return problem(c, 404, vi.gs1.unknownProduct);

  const linkType = url.searchParams.get('linkType');
  const wantsLinkset =
    linkType === 'linkset' || linkType === 'all' || (!linkType && (c.req.header('accept') ?? '').includes(LINKSET_TYPE));
  if (wantsLinkset) return answerLinkset(c, resolution);

  const type = linkType ? shortLinkType(linkType) : 'defaultLink';
  const target = resolution.links[type]?.[0];
  if (!target) return problem(c, 404, vi.gs1.unknownLinkType);
  if (type === 'defaultLink' && c.req.method === 'GET') recordDigitalLinkOpen(deps, resolution, await viewer());
  c.header('Cache-Control', 'no-store');
  c.header('Link', `<${resolution.anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`);
  return c.redirect(withQuery(target.href, passedQuery(url)), 307);
}

function epcisAnswer(c: Context, doc: Record<string, unknown> | null) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  if (!doc) return problem(c, 404, vi.errors.notFound);
  c.header('Cache-Control', 'no-store');
  return c.body(JSON.stringify(doc), 200, { 'Content-Type': 'application/ld+json; charset=UTF-8' });
}

/** A positive integer id from the path, or null (then the answer is a 404 like a missing row). */
function pathId(c: Context): number | null {
  const raw = c.req.param('id') ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** /.well-known/gs1resolver: what this resolver supports. */
export function resolverDescription(c: Context, deps: AppDeps) {
  corsHeaders(c);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  const root = deps.settings.publicUrl.replace(/\/+$/, '');
  return c.json({
    name: vi.gs1.resolverName,
    resolverRoot: root,
    supportedPrimaryKeys: ['01'],
    supportedLinkTypes: ['gs1:defaultLink', 'gs1:pip', 'gs1:traceability', 'gs1:epcis', 'gs1:recallStatus'],
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
    supportedAcceptLanguages: ['vi'],
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
