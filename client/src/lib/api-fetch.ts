/**
 * fetch for the REST paths (multipart uploads and the like): adds the token, unwraps the envelope
 * `{ statusCode, message, data }`, and applies the same toast and 401/410 rules as the tRPC client.
 */
import { handleApiFailure } from './api-errors.ts';
import { getAccessToken } from './storage.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fields: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiFetchInit extends RequestInit {
  /** Do not toast a failure; the caller shows it. */
  silent?: boolean;
}

export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { silent, ...rest } = init;
  const token = getAccessToken();
  const headers = new Headers(rest.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (typeof rest.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...rest, headers, credentials: 'same-origin' });
  } catch (err) {
    const message = err instanceof Error ? err.message : null;
    handleApiFailure({ status: null, message }, { path, hadToken: !!token, silent });
    throw new ApiError(message ?? '', null);
  }
  const body = (await res.json().catch(() => null)) as {
    message?: string;
    data?: T;
    errors?: Record<string, string>;
  } | null;
  if (!res.ok) {
    const failure = { status: res.status, message: body?.message ?? null, fields: body?.errors ?? null };
    handleApiFailure(failure, { path, hadToken: !!token, silent });
    throw new ApiError(failure.message ?? '', res.status, failure.fields);
  }
  return body?.data as T;
}

/**
 * Downloads a file the server answers only to a signed-in caller (a recall scope's CSV): fetched with the
 * token like any REST call, then saved under the server's file name (Content-Disposition) or `fallback`.
 * A failure is toasted like apiFetch's.
 */
export async function apiDownload(path: string, fallback: string): Promise<void> {
  const token = getAccessToken();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { headers, credentials: 'same-origin' });
  } catch (err) {
    const message = err instanceof Error ? err.message : null;
    handleApiFailure({ status: null, message }, { path, hadToken: !!token });
    throw new ApiError(message ?? '', null);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    const failure = { status: res.status, message: body?.message ?? null };
    handleApiFailure(failure, { path, hadToken: !!token });
    throw new ApiError(failure.message ?? '', res.status);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is freed after it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
