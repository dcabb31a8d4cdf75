/**
 * The light page (decision 140): the public pages a shopper's phone opens by address (shared/light-pages.ts)
 * are the app's own routes and components, built a second time over Preact (vite.config.ts, `lightBuild`).
 * Any other path is the app's: the light page leaves for it with a full page load, which the server
 * answers with the app.
 */
import './styles.css';
import { LIGHT_PAGE_PATHS } from '#shared/light-pages.ts';
import { APP_ROUTES } from './app-routes.ts';
import ToTheApp from './light/to-the-app.tsx';
import { startApp } from './start.tsx';

startApp({ routes: APP_ROUTES.filter((r) => LIGHT_PAGE_PATHS.includes(r.path)), outside: <ToTheApp /> });
