/**
 * Picks the route for the current path and wraps its page in the group's guard and layout. The
 * matching is done here (not by <Switch>) so that moving between two dashboard pages keeps the same
 * layout instance (sidebar, drawers) and only the page changes.
 */
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import { APP_ROUTES, type AppRoute, ComingSoonPage, type RouteGroup } from './app-routes.ts';
import { AuthGuard, DashboardGuard } from './components/guards/guards.tsx';
import { AuthLayout } from './components/layout/auth-layout.tsx';
import { DashboardLayout } from './components/layout/dashboard-layout.tsx';
import { PageBoundary, PageFailed } from './components/layout/page-boundary.tsx';
import { PageTitleContext, type PageTitles } from './components/layout/page-title.tsx';
import { PageReady } from './components/layout/route-progress.tsx';
import { SimpleLayout } from './components/layout/simple-layout.tsx';
import { LoadingScreen } from './components/ui/loading-screen.tsx';
import { documentTitle } from './features/public/page-titles.ts';
import { LanguageProvider, type PageLanguage, usePageLanguage, VIETNAMESE } from './i18n/language.tsx';
import { rootGuard } from './lib/guards.ts';
import { useConfig } from './lib/use-config.ts';
import { useSession } from './session/SessionProvider.tsx';

/**
 * The page inside its own Suspense boundary, with wouter's params for `useParams()`, and inside the
 * boundary for a page that cannot be drawn (page-boundary.tsx).
 */
function Page({ route, component }: { route: AppRoute; component?: ComponentType }) {
  const [location] = useLocation();
  return (
    <PageBoundary path={location}>
      <Suspense fallback={<LoadingScreen />}>
        <Route path={route.path} component={component ?? route.page} />
        <PageReady />
      </Suspense>
    </PageBoundary>
  );
}

function RootRoute({ route, title }: { route: AppRoute; title: string }) {
  const { state } = useSession();
  const config = useConfig();
  const decision = rootGuard(state, config.data);
  // The app's settings could not be fetched (no network): said in place, not a spinner for ever.
  if (decision === 'wait' && config.isError) return <PageFailed onRetry={() => void config.refetch()} />;
  if (decision === 'wait') return <LoadingScreen />;
  if (decision === 'coming-soon') {
    return (
      <SimpleLayout compact>
        <Page route={route} component={ComingSoonPage} />
      </SimpleLayout>
    );
  }
  if (decision !== null) return <Redirect to={decision} replace />;
  return (
    <DashboardLayout title={title}>
      <Page route={route} />
    </DashboardLayout>
  );
}

/** The route's page in its group's guard and layout, under the route's title or the page's own (page-title.tsx). */
/**
 * The language a route speaks (decision 211): a shopper's pages (the public ones, the scanner, the error
 * pages, and before sign-in '/' and the history '/products', which sits in the workspace's layout) the
 * page's; the workspace and its sign-in pages Vietnamese, whatever the browser. A visitor on another
 * workspace route is on its way to sign-in.
 */
export function routeLanguage(group: RouteGroup, signedIn: boolean, page: PageLanguage): PageLanguage {
  const visitor =
    group === 'public' || group === 'simple' || group === 'bare' || (!signedIn && group !== 'auth');
  return visitor ? page : VIETNAMESE;
}

function RouteView({ route }: { route: AppRoute }) {
  const [titles, setTitles] = useState<PageTitles | null>(null);
  const { state } = useSession();
  const language = routeLanguage(route.group, state.isLoggedIn, usePageLanguage());
  const strings = language.strings;
  const routeTitle = route.publicTitle?.(strings) ?? route.title;
  const tab = titles?.tab ?? routeTitle;
  const header = titles?.header ?? routeTitle;
  useEffect(() => {
    document.title = documentTitle(tab, strings);
  }, [tab, strings]);
  // The document says the language its text is in: a screen reader reads an English scanner in English and
  // the workspace after it in Vietnamese (the server wrote the first page's).
  useEffect(() => {
    document.documentElement.lang = language.lang;
  }, [language.lang]);
  return (
    <LanguageProvider language={language}>
      <PageTitleContext.Provider value={setTitles}>
        <RouteGroupView route={route} title={header} />
      </PageTitleContext.Provider>
    </LanguageProvider>
  );
}

function RouteGroupView({ route, title }: { route: AppRoute; title: string }) {
  switch (route.group) {
    case 'auth':
      return (
        <AuthGuard>
          <AuthLayout>
            <Page route={route} />
          </AuthLayout>
        </AuthGuard>
      );
    case 'root':
      return <RootRoute route={route} title={title} />;
    case 'dashboard':
      return (
        <DashboardGuard>
          <DashboardLayout title={title}>
            <Page route={route} />
          </DashboardLayout>
        </DashboardGuard>
      );
    case 'public':
      return (
        <DashboardLayout title={title}>
          <Page route={route} />
        </DashboardLayout>
      );
    case 'simple':
      return (
        <SimpleLayout>
          <Page route={route} />
        </SimpleLayout>
      );
    case 'bare':
      return <Page route={route} />;
  }
}

/** `routes`: the paths this page serves (all of them, but for the light page); `outside`: any other path. */
export function AppRouter({ routes = APP_ROUTES, outside }: { routes?: AppRoute[]; outside?: ReactNode }) {
  const [location] = useLocation();
  const { parser } = useRouter();
  const route = routes.find((r) => matchRoute(parser, r.path, location)[0]);
  if (!route) return outside ?? <Redirect to="/404" replace />;
  return <RouteView route={route} />;
}
