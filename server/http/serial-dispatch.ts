import type { IncomingMessage } from 'node:http';
import { MEMBER_COOKIE } from '#server/auth/member-mark.ts';
import type { AppDeps } from '#server/deps.ts';
import { API_PREFIX, SERIAL_VERDICT_PATH } from '#server/edge/api-paths.ts';
import { browserIdInHeader, newBrowserId } from '#server/edge/browser-id.ts';
import { okBytes } from '#server/edge/envelope.ts';
import { isSecureUrl } from '#server/edge/secure-cookie.ts';
import { LANGUAGE_PARAM } from '#shared/i18n/languages.ts';
import { provinceFromName } from '#shared/province-centres.ts';
import { PUBLIC_PAGE_ENTRIES } from '#shared/public-pages.ts';
import { isSerialShaped } from '#shared/serials.ts';
import type { FirstViews } from './first-view.ts';
import { createLanguageChooser, languageHeaders, PAGE_LANGUAGES } from './page-language.ts';
import { KIND_HEADERS } from './public-routes.ts';
import { SERIAL_PAGE_HEADERS, serialPageHtml } from './serial-page.ts';

/**
 * A serialized code's verdict in front of the app (decision 230), as the dispatcher answers the kept public
 * answers (public-dispatcher.ts): the item's page and its verdict JSON, at the paths the app declares for
 * them (the table of public pages, the REST table's SERIAL_VERDICT_PATH), answered here when the item is
 * kept (deps.serialItems) and the request is a visitor's plain GET; the open is counted in memory as the
 * app's route counts it (kept-items.ts), and the page drawn by the same function (serial-page.ts).
 *
 * Everything else goes to the app, which answers it through the same service: an item not kept yet (its
 * read is started here, so the app's route finds it under way), a signed-in caller or a member's mark (a
 * company's members do not count), a query other than `?lang=`, a linkset asked of a Digital Link, a lot
 * written with escapes, HEAD.
 */
export interface SerialAnswer {
  status: number;
  headers: string[];
  body: Uint8Array;
}

/** The verdict JSON kept this long at most while the item does not change (a verdict also moves with time). */
const JSON_KEPT_MS = 1000;

type Params = Record<string, string>;

/** Paths of the app's patterns with `:params` anywhere (each one non-empty segment, not decoded). */
function patternsMatcher(patterns: readonly string[]) {
  const split = patterns.map((p) => p.split('/'));
  const prefixes = patterns.map((p) => p.slice(0, p.indexOf(':')));
  return {
    claims: (path: string) => prefixes.some((prefix) => path.startsWith(prefix)),
    match(path: string): [number, Params] | null {
      const segments = path.split('/');
      for (const [i, pattern] of split.entries()) {
        if (pattern.length !== segments.length) continue;
        const params: Params = {};
        const fits = pattern.every((part, k) => {
          const segment = segments[k] as string;
          if (!part.startsWith(':')) return part === segment;
          params[part.slice(1)] = segment;
          return segment !== '';
        });
        if (fits) return [i, params];
      }
      return null;
    },
  };
}

export function createSerialDispatch(
  deps: AppDeps,
  firstViews: Pick<FirstViews, 'around'>,
  headerList: (extra: Record<string, string>) => string[],
) {
  const jsonPath = `${API_PREFIX}${SERIAL_VERDICT_PATH}`;
  const pagePaths = PUBLIC_PAGE_ENTRIES.filter((e) => e.page === 'serialVerdict').map((e) => e.path);
  const paths = patternsMatcher([jsonPath, ...pagePaths]);
  const items = deps.serialItems;
  const secure = isSecureUrl(deps.settings.publicUrl);
  const provinceHeader = deps.settings.serialProvinceHeader;
  const chooseLanguage = createLanguageChooser();
  const jsonHeaders = headerList(KIND_HEADERS.rest);
  const pageHeaders = new Map(
    PAGE_LANGUAGES.map((choice) => [
      choice,
      headerList({ ...SERIAL_PAGE_HEADERS, ...languageHeaders(choice, { secure }) }),
    ]),
  );

  /** The item when kept; else its read is started for the app's route, and null. */
  const keptItem = (serial: string) => {
    if (!isSerialShaped(serial)) return null;
    const item = items.peek(serial);
    if (item) return item;
    items.get(serial).catch(() => undefined);
    return null;
  };

  const json = (serial: string): SerialAnswer | null => {
    const item = keptItem(serial);
    if (!item) return null;
    const now = Date.now();
    const memo = item.viewMemo.get('json');
    let body = memo && now - memo.at < JSON_KEPT_MS ? (memo.value as Uint8Array) : null;
    if (!body) {
      body = okBytes(Buffer.from(JSON.stringify(items.readKept(item, now))));
      item.viewMemo.set('json', { at: now, value: body });
    }
    return { status: 200, headers: jsonHeaders, body };
  };

  const page = (req: IncomingMessage, params: Params, query: URLSearchParams | null): SerialAnswer | null => {
    const { serial = '', gtin, lot } = params;
    const cookie = req.headers.cookie;
    if (cookie?.includes(`${MEMBER_COOKIE}=`)) return null;
    if (gtin !== undefined && (req.headers.accept ?? '').includes('application/linkset+json')) return null;
    if (lot?.includes('%')) return null;
    const item = keptItem(serial);
    if (!item) return null;
    const held = browserIdInHeader(cookie);
    const made = held ? null : newBrowserId(secure);
    const province = provinceHeader ? provinceFromName(headerValue(req.headers[provinceHeader])) : null;
    const view = items.openKept(item, {
      serial,
      browserId: held ?? (made?.id as string),
      userAgent: req.headers['user-agent'] ?? '',
      viewerCompanyId: null,
      province,
      approximate: true,
      ...(gtin === undefined ? {} : { link: lot === undefined ? { gtin } : { gtin, lot } }),
    });
    const language = chooseLanguage(
      query?.get(LANGUAGE_PARAM) ?? undefined,
      cookie,
      req.headers['accept-language'],
    );
    const html = serialPageHtml(firstViews, view, item.product, language.lang, item.productMemo);
    const headers = pageHeaders.get(language) as string[];
    return {
      status: view.verdict === 'NOT_ISSUED' ? 404 : 200,
      headers: made ? [...headers, 'set-cookie', made.setCookie] : headers,
      body: Buffer.from(html),
    };
  };

  return {
    /** Whether a path may be a serial's (a cheap test before any parsing). */
    claims: paths.claims,
    /** The answer of a visitor's plain GET at a serial's path, when the item is kept; else null (the app's). */
    answer(req: IncomingMessage, path: string, search: string): SerialAnswer | null {
      const matched = paths.match(path);
      if (!matched) return null;
      const [which, params] = matched;
      const query = search ? new URLSearchParams(search) : null;
      // Only `?lang=` is a query the dispatcher knows; any other (a linkType) is the app's to read.
      if (query && [...query.keys()].some((k) => k !== LANGUAGE_PARAM)) return null;
      if (which === 0) return query ? null : json(params.serial ?? '');
      return page(req, params, query);
    },
  };
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
