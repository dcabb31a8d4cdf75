import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import type { Localized } from '#shared/translations.ts';
import { PUBLIC_COMPANY_PRODUCTS_PAGE_SIZE } from '#shared/constants.ts';
import { usePageTitle } from '#client/components/layout/page-title.tsx';
import { OfflinePage } from '#client/features/offline/offline-page.tsx';
import { PublicNotFound } from '#client/features/public/not-found.tsx';
import { companyPageName } from '#client/features/public/page-titles.ts';
import { Pager } from '#client/features/public/pager.tsx';
import { CompanyProductCard } from '#client/features/public/company-product-card.tsx';
import { errorData, useTRPC } from '#client/lib/trpc.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { LanguageSwitcher } from '#client/i18n/language-switcher.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { useLocalize } from '#client/i18n/use-localize.ts';

const silent = { trpc: { context: { silent: true } } };

/** '/company/details/:id': a company's public profile and its ACTIVE products, a page at a time. */
export default function CompanyDetailsPage() {
  const s = usePublicStrings();
  const t = s.company;
  const trpc = useTRPC();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const [page, setPage] = useState(1);
  const company = useQuery(trpc.companies.byId.queryOptions({ id }, { enabled: valid, ...silent }));
  const products = useQuery(
    trpc.publicProducts.companyProducts.queryOptions(
      { id, page },
      { enabled: valid, placeholderData: (prev) => prev, ...silent },
    ),
  );
  const inLanguage = useLocalize(company.data?.languages);
  const field = (name: 'name' | 'representative' | 'address') =>
    inLanguage(company.data?.[name], company.data?.translations, name);
  usePageTitle(company.data ? { tab: companyPageName({ name: field('name').text }) } : null);

  // No answer at all: no network (decision 187), asked again once it is back.
  if (company.isError && errorData(company.error).httpStatus === undefined) {
    return <OfflinePage onRetry={() => void company.refetch()} />;
  }
  if (!valid || company.isError) return <PublicNotFound title={t.notFoundTitle} />;
  if (!company.data) return <p role="status">{s.client.loading}</p>;
  const c = company.data;
  const list = products.data?.products ?? [];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <LanguageSwitcher languages={c.languages} />
      <header>
        <h1 className="text-2xl font-bold text-ink">
          <LocalText field={field('name')} />
        </h1>
      </header>
      <dl className="grid gap-2 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2">
        {(
          [
            [t.representative, field('representative')],
            [t.address, field('address')],
            [t.email, { text: c.email ?? '', vietnamese: false }],
            [t.license, { text: c.business_license ?? '', vietnamese: false }],
          ] as [string, Localized][]
        ).map(([label, value]) =>
          value.text ? (
            <div key={label}>
              <dt className="text-ink-soft">{label}</dt>
              <dd className="font-medium break-words text-ink">
                <LocalText field={value} />
              </dd>
            </div>
          ) : null,
        )}
      </dl>
      <section aria-labelledby="company-products" className="flex flex-col gap-2">
        <h2 id="company-products" className="text-lg font-semibold text-ink">
          {t.products}
        </h2>
        {products.isSuccess && list.length === 0 && <p className="text-sm text-ink-soft">{t.noProducts}</p>}
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {list.map((p) => (
            <li key={p.id}>
              <CompanyProductCard product={p} languages={products.data?.languages} />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          total={products.data?.total ?? 0}
          size={PUBLIC_COMPANY_PRODUCTS_PAGE_SIZE}
          onPage={setPage}
        />
      </section>
    </div>
  );
}
