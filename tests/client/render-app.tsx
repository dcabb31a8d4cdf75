/**
 * Renders the real router, guards and layouts over an in-memory location and a tRPC client whose
 * answers are canned per procedure path (no server).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { makeQueryClient } from '#client/app.tsx';
import { AppRouter } from '#client/app-router.tsx';
import { FirstViewData, FirstViewScan } from '#client/first-view/app-start.tsx';
import type { FirstView } from '#client/first-view/first-view.ts';
import { LanguageProvider, type PageLanguage, VIETNAMESE } from '#client/i18n/language.tsx';
import { TRPCProvider } from '#client/lib/trpc.ts';
import { SessionProvider } from '#client/session/SessionProvider.tsx';
import { SettingsProvider } from '#client/settings/SettingsProvider.tsx';
import type { AppRouter as ServerRouter } from '#server/trpc/root.ts';

export type Answers = Record<string, (input: unknown) => unknown>;

/** An answer of the network's: no answer at all, as with the phone offline. */
export const NO_NETWORK = () => {
  throw new Error('Failed to fetch');
};

/** The server's answer with an HTTP error, as our error formatter writes it (server/trpc/init.ts). */
export const httpError =
  (httpStatus: number, message = 'Lỗi') =>
  () => {
    throw TRPCClientError.from({ error: { message, code: -32004, data: { httpStatus } } });
  };

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A token the client considers valid (the client never checks signatures). */
export const validToken = () =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

export const CONFIG = {
  comingSoonDate: null,
  defaultRedirectPath: '/',
  publicUrl: 'http://x.test',
  scanRetentionMonths: 13,
};

export function userOf(role: string, name = 'Nguyễn An') {
  return { id: 1, name, email: 'an@example.test', role, avatar: null, companyId: null, status: 'ACTIVE' };
}

/** A tRPC client answering each procedure path from `answers`, and the paths it was asked, in order. */
function cannedClient(answers: Answers) {
  const all: Answers = { 'system.config': () => CONFIG, ...answers };
  const calls: string[] = [];
  const link: TRPCLink<ServerRouter> =
    () =>
    ({ op }) =>
      observable((o) => {
        calls.push(op.path);
        const answer = all[op.path];
        if (!answer) return o.error(TRPCClientError.from(new Error(`no stub for ${op.path}`)));
        let data: unknown;
        try {
          data = answer(op.input);
        } catch (err) {
          // A stub that throws is a failed call: a TRPCClientError as it is (an HTTP answer), anything
          // else as no answer at all (the network).
          return o.error(err instanceof TRPCClientError ? err : TRPCClientError.from(err as Error));
        }
        o.next({ result: { type: 'data', data } });
        o.complete();
      });
  return { trpcClient: createTRPCClient<ServerRouter>({ links: [link] }), calls };
}

/** One component under the app's query and tRPC providers (no router, no session), for a part of a page. */
export function renderWithApi(ui: ReactNode, answers: Answers = {}) {
  const { trpcClient, calls } = cannedClient(answers);
  const queryClient = makeQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {ui}
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { ...view, calls };
}

/**
 * `firstView`: the app starting from a server-rendered page, as main.tsx starts it; `language`: the page's
 * language as main.tsx loads it (Vietnamese when not given).
 */
export function renderApp(
  path: string,
  answers: Answers = {},
  options: { firstView?: FirstView; language?: PageLanguage } = {},
) {
  const firstView = options.firstView ?? null;
  const { trpcClient, calls } = cannedClient(answers);
  // The app's own: what it keeps fresh (a server-rendered page's answer) is fresh here too.
  const queryClient = makeQueryClient();
  const location = memoryLocation({ path, record: true });
  const view = render(
    <LanguageProvider language={options.language ?? VIETNAMESE}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <FirstViewData view={firstView}>
            <SettingsProvider>
              <Router hook={location.hook}>
                <SessionProvider>
                  {firstView?.scanCode && <FirstViewScan code={firstView.scanCode} />}
                  <AppRouter />
                </SessionProvider>
              </Router>
            </SettingsProvider>
          </FirstViewData>
        </TRPCProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return { ...view, location, calls };
}
