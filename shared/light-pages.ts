/**
 * The public pages a shopper's phone opens by address (decision 140): the server answers each with the
 * light page (client/light.html: the app's own public pages over Preact, with a small data layer), every
 * other path with the app (index.html). One declaration each: the server serves the light page for these
 * paths (server/http/static-client.ts), and the light page renders these routes of the app's table
 * (client/src/app-routes.ts) and hands any other path to the app with a full page load.
 */
export const LIGHT_PAGE_PATHS: readonly string[] = [
  '/products/details/:id',
  '/redirect/:code',
  '/company/details/:id',
  '/products',
  '/lots/:id',
];
