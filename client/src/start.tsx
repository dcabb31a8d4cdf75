import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import type { AppRoute } from './app-routes.ts';
import { prepareFirstView, takeFirstView } from './first-view/take.ts';
import { LanguageProvider, type PageLanguage, VIETNAMESE } from './i18n/language.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { applySettings, loadSettings } from './settings/app-settings.ts';

/**
 * Starts the app (main.tsx) or the light page (light-main.tsx, decision 140) in #root. A public page the
 * server rendered is already on screen: the app takes over once that page's code is here, so its first
 * frame draws the same page (first-view/take.ts). `language`: the page's language and its strings (the
 * light page's and the app's, decision 211), here before the first render; the app's router gives the
 * workspace's routes Vietnamese (app-router.tsx).
 */
export function startApp(
  share: { routes?: AppRoute[]; outside?: ReactNode; language?: Promise<PageLanguage> } = {},
): void {
  const firstView = takeFirstView();
  // The visitor's look (dark, colours, direction) on the server's markup at once, not after the page's
  // code has come too (SettingsProvider applies the same again when the app renders).
  if (firstView) applySettings(loadSettings());
  // Offline, pages say so and the product and lot pages opened before show their kept copy (decision 187).
  registerServiceWorker();
  const ready = firstView ? prepareFirstView(firstView) : Promise.resolve();
  // A language whose strings failed to load (offline, a chunk not kept) leaves the page in Vietnamese.
  const language = (share.language ?? Promise.resolve(VIETNAMESE)).catch(() => VIETNAMESE);
  void Promise.all([language, ready]).then(([pageLanguage]) =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <LanguageProvider language={pageLanguage}>
          <App firstView={firstView} routes={share.routes} outside={share.outside} />
        </LanguageProvider>
      </StrictMode>,
    ),
  );
}
