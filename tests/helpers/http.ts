import type { Hono } from 'hono';
import { createApp } from '#server/app.ts';
import { createTestDeps, type TestDeps } from './deps.ts';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: { statusCode: number; message: string; data?: T; errors?: Record<string, string> };
  text: string;
}

export interface TestApi {
  app: Hono;
  deps: TestDeps;
  /** `api('POST', '/auth/login', { body, token })`: path relative to /api. */
  call<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit },
  ): Promise<ApiAnswer<T>>;
}

/** The real Hono app over a fresh test database, called through app.request() (no socket). */
export async function createTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const deps = await createTestDeps(env);
  const app = createApp(deps, { clientDir: deps.settings.dataDir });
  return {
    app,
    deps,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: BodyInit | undefined = options.raw;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.body);
      }
      const res = await app.request(`/api${path}`, { method, headers, body });
      const text = await res.text();
      // Mail an account request sends after its answer has gone by the time a person reads the inbox.
      await deps.afterAnswerJobs?.settled();
      let parsed: ApiAnswer['body'];
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { statusCode: res.status, message: text };
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
  };
}
