import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import type { AppRoute } from './app-routes.ts';
import { prepareFirstView, takeFirstView } from './first-view/take.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { applySettings, loadSettings } from './settings/app-settings.ts';

/**
 * Starts the app (main.tsx) or the light page (light-main.tsx, decision 140) in #root. A public page the
 * server rendered is already on screen: the app takes over once that page's code is here, so its first
 * frame draws the same page (first-view/take.ts).
 */
export function startApp(share: { routes?: AppRoute[]; outside?: ReactNode } = {}): void {
  const firstView = takeFirstView();
  // The visitor's look (dark, colours, direction) on the server's markup at once, not after the page's
  // code has come too (SettingsProvider applies the same again when the app renders).
  if (firstView) applySettings(loadSettings());
  // Offline, pages say so and the product and lot pages opened before show their kept copy (decision 187).
  registerServiceWorker();
  const ready = firstView ? prepareFirstView(firstView) : Promise.resolve();
  void ready.then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App firstView={firstView} routes={share.routes} outside={share.outside} />
      </StrictMode>,
    ),
  );
}
