import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Settings } from '#server/env.ts';
import type { RequestInfo } from '#server/services/actor.ts';
import { provinceFromName } from '#shared/province-centres.ts';

/**
 * The client address is the socket's. Only with TRUST_PROXY=1 (the app behind one reverse proxy)
 * is the last X-Forwarded-For hop used: the one our proxy appended, which a client cannot forge.
 */
export function clientIp(c: Context, settings: Pick<Settings, 'trustProxy'>): string {
  if (settings.trustProxy) {
    const hops = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return '127.0.0.1';
  }
}

/** The province a trusted proxy names for the visitor (decision 207), when the setting says which header. */
export function networkProvince(
  c: Context,
  settings: Pick<Settings, 'serialProvinceHeader'>,
): string | undefined {
  const header = settings.serialProvinceHeader;
  return (header && provinceFromName(c.req.header(header))) || undefined;
}

export function requestInfo(
  c: Context,
  settings: Pick<Settings, 'trustProxy' | 'serialProvinceHeader'>,
): RequestInfo {
  const province = networkProvince(c, settings);
  return {
    ip: clientIp(c, settings),
    userAgent: c.req.header('user-agent') ?? '',
    requestId: (c.get('requestId' as never) as string | undefined) ?? 'unknown',
    ...(province ? { networkProvince: province } : {}),
  };
}
