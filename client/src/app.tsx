import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
// As a stylesheet, not as JavaScript: vite.config.ts resolves react-toastify to its unstyled build.
import 'react-toastify/dist/ReactToastify.css';
import type { ReactNode } from 'react';
import { AppRouter } from './app-router.tsx';
import type { AppRoute } from './app-routes.ts';
import { FirstViewData, FirstViewScan } from './first-view/app-start.tsx';
import type { FirstView } from './first-view/first-view.ts';
import { AppToasts } from './components/layout/app-toasts.tsx';
import { PageToasts } from './components/layout/page-toasts.tsx';
import { RouteChangeEffects } from './components/layout/route-progress.tsx';
import { createAppTrpcClient, TRPCProvider } from './lib/trpc.ts';
import { SessionProvider } from './session/SessionProvider.tsx';
import { SettingsProvider } from './settings/SettingsProvider.tsx';

/** The app's query client (the client tests render with the same one). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Failures are toasted once by the tRPC link; a retry would only repeat them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * `firstView`: the answer of a page the server rendered (main.tsx), which the app starts from.
 * `routes` and `outside`: the light page's share of the app (light-main.tsx, decision 140), and what
 * it shows for any other path; the app itself has every route.
 */
export function App({
  firstView = null,
  routes,
  outside,
}: {
  firstView?: FirstView | null;
  routes?: AppRoute[];
  outside?: ReactNode;
}) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(createAppTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <FirstViewData view={firstView}>
          <SettingsProvider>
            <SessionProvider>
              {firstView?.scanCode && <FirstViewScan code={firstView.scanCode} />}
              <RouteChangeEffects />
              <PageToasts />
              <AppRouter routes={routes} outside={outside} />
              <AppToasts />
            </SessionProvider>
          </SettingsProvider>
        </FirstViewData>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
