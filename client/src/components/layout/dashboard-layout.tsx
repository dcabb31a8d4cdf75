import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useSettings } from '#client/settings/SettingsProvider.tsx';
import { cn } from '#client/lib/cn.ts';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';

/** The dashboard frame: sidebar (desktop) or drawer (phone), header, and the page. */
export function DashboardLayout({ title, children }: { title: string; children: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const [location] = useLocation();
  const { settings } = useSettings();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the drawer is what a path change means here
  useEffect(() => setNavOpen(false), [location]);
  return (
    <div className="relative flex min-h-dvh bg-canvas">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header title={title} navOpen={navOpen} onNavOpenChange={setNavOpen} />
        <main
          id="main"
          className={cn(
            'mx-auto w-full flex-1 px-4 py-6 lg:px-8',
            settings.compactLayout ? 'max-w-6xl' : 'max-w-none',
          )}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
