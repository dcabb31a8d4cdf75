/**
 * The light page (decision 140): the public pages a shopper's phone opens by address (shared/public-pages.ts)
 * are the app's own routes and components, built a second time over Preact (vite.config.ts, `lightBuild`).
 * Any other path is the app's: the light page leaves for it with a full page load, which the server
 * answers with the app. The page speaks the language the server chose (or the browser's, decision 211),
 * with only that language's strings loaded before the first render.
 */
import './styles.css';
import { loadPageLanguage } from './i18n/choose-language.ts';
import { PUBLIC_ROUTES } from './public-pages.ts';
import ToTheApp from './light/to-the-app.tsx';
import { startApp } from './start.tsx';

startApp({ routes: PUBLIC_ROUTES, outside: <ToTheApp />, language: loadPageLanguage() });
