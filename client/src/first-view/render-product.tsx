/**
 * The public product page's first view as HTML, rendered by the server (decision 074): a phone on a slow
 * network sees the product as soon as the HTML and the stylesheet arrive, before any JavaScript. The
 * same components as the app's page, inside a visitor's session and the default settings, so the app's
 * own first frame (main.tsx, with the same answer) replaces it with what looks the same. Static markup:
 * the app renders afresh rather than hydrating, because its providers (toasts, route effects) change
 * the tree around the page. In the request's language (decision 211): the server holds every language's
 * strings and passes the one it chose.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { publicStringsOf } from '#shared/i18n/public/index.ts';
import { DashboardLayout } from '#client/components/layout/dashboard-layout.tsx';
import { AskedLotNotice } from '#client/features/lots/asked-lot-notice.tsx';
import { lotPath } from '#client/features/lots/paths.ts';
import { LotPageView } from '#client/features/lots/lot-page-view.tsx';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { productPath } from '#client/features/public/paths.ts';
import { ProductView } from '#client/features/public/product-view.tsx';
import type { PublicProduct } from '#client/features/public/types.ts';
import { VisitorSessionProvider } from '#client/session/SessionProvider.tsx';
import { SettingsProvider } from '#client/settings/SettingsProvider.tsx';
import { LanguageProvider } from '#client/i18n/language.tsx';

/** `search`: the page's query, which may name a lot a Digital Link asked for (decision 184). */
export function renderProductFirstView(product: PublicProduct, search = '', lang: PublicLanguage = 'vi'): string {
  const strings = publicStringsOf(lang);
  return renderToStaticMarkup(
    <Router ssrPath={productPath(product.id)} ssrSearch={search}>
      <LanguageProvider language={{ lang, strings }}>
        <SettingsProvider>
          <VisitorSessionProvider>
            <DashboardLayout title={strings.nav.productDetail}>
              <AskedLotNotice />
              <ProductView product={product} />
            </DashboardLayout>
          </VisitorSessionProvider>
        </SettingsProvider>
      </LanguageProvider>
    </Router>,
  );
}

/** A lot's public page (decision 126), the same way. */
export function renderLotFirstView({ lot, product }: PublicLotAnswer, lang: PublicLanguage = 'vi'): string {
  const strings = publicStringsOf(lang);
  return renderToStaticMarkup(
    <Router ssrPath={lotPath(lot.id)}>
      <LanguageProvider language={{ lang, strings }}>
        <SettingsProvider>
          <VisitorSessionProvider>
            <DashboardLayout title={strings.lot.lotLabel}>
              <LotPageView lot={lot} product={product} />
            </DashboardLayout>
          </VisitorSessionProvider>
        </SettingsProvider>
      </LanguageProvider>
    </Router>,
  );
}
