import type { Context } from 'hono';
import { isConnectionError } from '#server/db/errors.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { getCompanyProfile } from '#server/services/companies/profile.ts';
import type { FirstViews } from './first-view.ts';
import { requestLanguage, setLanguageHeaders } from './page-language.ts';
import { companyShareHead } from './share-tags.ts';

/**
 * A company's public page (/company/details/{id}): the light page, named for the company in its title
 * and link-preview tags (share-tags.ts), so a shared link and the tab name it before any script runs.
 * The page itself is the app's (its data comes from companies.byId). An unknown or malformed id, the
 * database away or a client not built leave it to the plain client answer (static-client.ts), whose page
 * says what is wrong.
 */
export async function companyPageAnswer(
  c: Context,
  deps: AppDeps,
  firstViews: FirstViews,
): Promise<Response | null> {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const company = await getCompanyProfile(deps, id).catch((err: unknown) => {
    // Unknown, or the database away: the plain page, whose own calls then say what is wrong.
    if ((err instanceof AppError && err.code === 'NOT_FOUND') || isConnectionError(err)) return null;
    throw err;
  });
  // In the request's language (decision 212): its title, preview and <html lang>, which the app reads.
  const language = requestLanguage(c);
  const publicUrl = deps.settings.publicUrl;
  const html =
    company && firstViews.headed(companyShareHead(company, publicUrl, language.lang), language.lang);
  if (!html) return null;
  c.header('Cache-Control', 'no-cache');
  setLanguageHeaders(c, language, publicUrl);
  return c.html(html);
}
