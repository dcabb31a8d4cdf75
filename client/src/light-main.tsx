/**
 * The light page (decision 140): the public pages a shopper's phone opens by address (shared/public-pages.ts)
 * are the app's own routes and components, built a second time over Preact (vite.config.ts, `lightBuild`).
 * Any other path is the app's: the light page leaves for it with a full page load, which the server
 * answers with the app.
 */
import './styles.css';
import { PUBLIC_ROUTES } from './public-pages.ts';
import ToTheApp from './light/to-the-app.tsx';
import { startApp } from './start.tsx';

startApp({ routes: PUBLIC_ROUTES, outside: <ToTheApp /> });
