import type { Handler, Hono, Context as HonoContext, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { MEMBER_COOKIE, type MemberMarkAnswer } from '#server/auth/member-mark.ts';
import type { AppDeps } from '#server/deps.ts';
import { requestContext } from '#server/edge/context.ts';
import { okBody } from '#server/edge/envelope.ts';
import { secureCookie } from '#server/edge/secure-cookie.ts';
import { AppError } from '#server/errors.ts';
import { type Caller, createCaller } from '#server/trpc/root.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/** What a REST adapter reads from the request to build a procedure's input. */
export interface RestRequest {
  params: Record<string, string>;
  /** Query string; a key given twice keeps the last value. */
  query: Record<string, string>;
  /**
   * The JSON body ({} when empty). Typed `any` on purpose: the procedure's zod input validates it,
   * so the adapter passes it on untouched. `alsoAccepted`: media types of JSON a path takes besides
   * application/json (EPCIS documents come as application/ld+json, decision 133).
   */
  // biome-ignore lint/suspicious/noExplicitAny: validated by the procedure it is passed to
  json(alsoAccepted?: readonly string[]): Promise<any>;
  /** The raw Hono context, for multipart bodies. */
  hono: HonoContext;
}

/**
 * One documented REST path: which procedure it calls, with what input, and how it answers.
 * Adapters hold no logic; validation, authorization and the work live in the procedure.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** 200 for reads and updates (default), 201 for creations. */
  status?: 200 | 201;
  /** The envelope's message: fixed, or said by the procedure's answer. */
  message?: string | ((data: never) => string);
  /**
   * What the body is: JSON (default), held to the JSON limit before the handler runs, or a multipart
   * file, which server/edge/upload-body.ts counts against its own, larger limit while reading it.
   * 'jsonList': JSON held to the same limit that may also be an array, for a path whose body is a list
   * (a lot's inputs); its adapter wraps the list in an object, never spreads it.
   */
  body?: 'json' | 'jsonList' | 'multipart';
  input?: (req: RestRequest) => unknown | Promise<unknown>;
  call: (caller: Caller, input: never) => Promise<unknown>;
  /**
   * 'file': the procedure answers a file ({ filename, contentType, text }, a CSV for Excel), sent as an
   * attachment instead of the JSON envelope. 'stream': the same with the body a ReadableStream
   * (`StreamedAnswer`), piped to the client as it asks for more (a serial batch's CSV). 'memberMark': the
   * procedure answers a member mark (`MemberMarkAnswer`), kept in its HttpOnly cookie, or the cookie
   * dropped when there is none; the envelope says only whether the browser is marked (decision 209).
   */
  answer?: 'file' | 'stream' | 'memberMark';
  /**
   * Signed in before the body is read: an anonymous caller is refused (401) before a byte of a large
   * upload is taken in (the plot import's file, decision 218). The procedure checks the role as usual.
   */
  signedIn?: true;
}

/** What a procedure answers for a REST path whose answer is a file. */
export interface FileAnswer {
  filename: string;
  contentType: string;
  text: string;
}

/** What a procedure answers for a REST path whose answer is a streamed file. */
export interface StreamedAnswer {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** Helper that keeps the input type of `call` tied to what `input` builds. */
export function route<I, O>(r: {
  method: RestRoute['method'];
  path: string;
  status?: 200 | 201;
  message?: string | ((data: NoInfer<O>) => string);
  body?: RestRoute['body'];
  input?: (req: RestRequest) => I | Promise<I>;
  call: (caller: Caller, input: I) => Promise<O>;
  answer?: RestRoute['answer'];
  signedIn?: true;
}): RestRoute {
  return r as RestRoute;
}

async function readJson(
  c: HonoContext,
  alsoAccepted: readonly string[] = [],
  listAllowed = false,
): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!type.includes('application/json') && !alsoAccepted.includes(mediaType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', vi.errors.invalidJson);
  }
  // Every JSON body of the API is an object; an array of 100,000 items spread into `{ ...body, id }` became
  // an object of 100,000 keys before any schema saw it.
  if (body === null || typeof body !== 'object' || (Array.isArray(body) && !listAllowed)) {
    throw new AppError('BAD_REQUEST', vi.errors.notAnObject);
  }
  return body;
}

/**
 * Mounts the routes on `app` (already under /api). A route's body kind, declared beside its path,
 * decides which size limit it is held to: `jsonLimit` for JSON, the upload reader's for multipart.
 */
export function mountRestRoutes(
  app: Hono,
  deps: AppDeps,
  routes: RestRoute[],
  jsonLimit: MiddlewareHandler,
): void {
  for (const r of routes) {
    const limited = r.method !== 'get' && r.body !== 'multipart';
    const handler: Handler = async (c) => {
      const ctx = await requestContext(deps, c);
      if (r.signedIn && !ctx.user) throw ctx.authError ?? new AppError('UNAUTHORIZED');
      const caller = createCaller(ctx);
      const req: RestRequest = {
        params: c.req.param() as Record<string, string>,
        query: c.req.query(),
        json: (alsoAccepted) => readJson(c, alsoAccepted, r.body === 'jsonList'),
        hono: c,
      };
      const input = r.input ? await r.input(req) : undefined;
      let data = await r.call(caller, input as never);
      if (r.answer === 'file') {
        const file = data as FileAnswer;
        c.header('Content-Type', file.contentType);
        c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(file.text);
      }
      if (r.answer === 'stream') {
        const file = data as StreamedAnswer;
        c.header('Content-Type', file.contentType);
        c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(file.body);
      }
      if (r.answer === 'memberMark') {
        const { mark, maxAgeSeconds } = data as MemberMarkAnswer;
        setCookie(c, MEMBER_COOKIE, mark ?? '', {
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          secure: secureCookie(c),
          maxAge: mark ? maxAgeSeconds : 0,
        });
        c.header('Cache-Control', 'no-store');
        data = { marked: mark !== null };
      }
      const status = r.status ?? 200;
      const message = typeof r.message === 'function' ? r.message(data as never) : r.message;
      return c.json(okBody(data, status, message), status);
    };
    if (limited) app.on(r.method.toUpperCase(), r.path, jsonLimit, handler);
    else app.on(r.method.toUpperCase(), r.path, handler);
  }
}
