/**
 * The guards as components: each asks its pure decision (lib/guards.ts) and shows the loading overlay,
 * redirects (replacing the history entry), or renders its children.
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { authGuard, dashboardGuard } from '#client/lib/guards.ts';
import { useConfig } from '#client/lib/use-config.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { LoadingScreen } from '#client/components/ui/loading-screen.tsx';

export function AuthGuard({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const config = useConfig();
  const search = useSearch();
  const decision = authGuard(state, config.data?.defaultRedirectPath, search);
  if (decision === 'wait') return <LoadingScreen />;
  if (decision !== null) return <Redirect to={decision} replace />;
  return <>{children}</>;
}

export function DashboardGuard({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const decision = dashboardGuard(state, location, search);
  if (decision === 'wait') return <LoadingScreen />;
  if (decision !== null) return <Redirect to={decision} replace />;
  return <>{children}</>;
}
