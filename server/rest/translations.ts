import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/**
 * /api/{products|lots|companies}/{id}/translations/{lang} (decision 210): one language of a row read,
 * replaced (the body is the translation) or removed; `{lang}` is `en` or `zh-Hans` (or `zh`), checked by
 * the procedure. And the languages a company publishes, `PUT /api/companies/{id}/languages`.
 */
function translationRoutes(kind: 'products' | 'lots' | 'companies'): RestRoute[] {
  const path = `/${kind}/:id{[0-9]+}/translations/:lang`;
  const key = (r: { params: Record<string, string> }) => ({ id: r.params.id, lang: r.params.lang });
  return [
    route({
      method: 'get',
      path,
      input: key,
      call: (c, i): Promise<unknown> => c[kind].getTranslation(i as never),
    }),
    route({
      method: 'put',
      path,
      message: vi.translations.saved,
      input: async (r) => ({ ...key(r), translation: await r.json() }),
      call: (c, i): Promise<unknown> => c[kind].putTranslation(i as never),
    }),
    route({
      method: 'delete',
      path,
      message: vi.translations.deleted,
      input: key,
      call: (c, i): Promise<unknown> => c[kind].deleteTranslation(i as never),
    }),
  ];
}

export const translationsRoutes: RestRoute[] = [
  ...translationRoutes('products'),
  ...translationRoutes('lots'),
  ...translationRoutes('companies'),
  route({
    method: 'put',
    path: '/companies/:id{[0-9]+}/languages',
    message: vi.translations.languagesSaved,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.companies.setLanguages(i),
  }),
];
