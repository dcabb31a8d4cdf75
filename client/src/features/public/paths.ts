/** The public pages' addresses a scan, a history entry or a shared link opens (one definition, in shared). */
export { companyPath, productPath } from '#shared/public-paths.ts';
