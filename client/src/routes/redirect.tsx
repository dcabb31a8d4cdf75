import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { LoadingScreen } from '#client/components/ui/loading-screen.tsx';
import { keepCode, productOfCode } from '#client/features/offline/kept-pages.ts';
import { OfflinePage } from '#client/features/offline/offline-page.tsx';
import { PublicNotFound } from '#client/features/public/not-found.tsx';
import { productPath } from '#client/features/public/paths.ts';
import { useOpenScannedProduct, useResolveCode } from '#client/features/scan/record-scan.ts';
import { errorData } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { QR_CODE_PATTERN } from '#shared/constants.ts';
import { client as viClient } from '#shared/i18n/vi/client.ts';
import { publicPages as viPublicPages } from '#shared/i18n/vi/public.ts';

const t = viPublicPages.redirect;

/**
 * '/redirect/:code': where a printed QR code (PUBLIC_URL/redirect/{code}) lands. The code resolves
 * like a scan (products.resolve records the scan event; the history gets the product), then the
 * address is replaced by the product page so "back" does not resolve it again. products.resolve
 * covers codes bound to ACTIVE products; anything else (unknown, unbound, INACTIVE) is the same 404.
 */
/**
 * Why a code can lead nowhere, each cause on its own: the answer is the same 404 for all three and
 * names no company, so the page does not say which one it is (decision 091).
 */
function CodeNotFoundCauses() {
  return (
    <div className="w-full text-start">
      <p className="mb-2 font-medium text-ink">{t.causesTitle}</p>
      <ol className="flex flex-col gap-2">
        {t.causes.map((cause) => (
          <li key={cause.title} className="rounded-lg border border-line bg-surface p-3">
            <p className="font-semibold text-ink">{cause.title}</p>
            <p className="text-sm text-ink-soft">{cause.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function RedirectPage() {
  const { code = '' } = useParams<{ code: string }>();
  const resolve = useResolveCode();
  const open = useOpenScannedProduct();
  const [, navigate] = useLocation();
  const { state } = useSession();
  const [failed, setFailed] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Wait for the session: a signed-in user's scan belongs in their account, a visitor's on the phone.
    if (state.status === 'loading' || started.current === attempt) return;
    started.current = attempt;
    // The pattern, not the zod schema: this page must not load zod (decision 074).
    if (!QR_CODE_PATTERN.test(code)) return setFailed(t.notFoundText);
    resolve(code)
      .then((product) => {
        // With no network next time, this code opens the product's kept copy (decision 187).
        keepCode(code, product.id);
        open(product, { replace: true });
      })
      .catch((err) => {
        const status = errorData(err).httpStatus;
        if (status !== undefined)
          return setFailed(status === 404 ? t.notFoundText : viClient.somethingWentWrong);
        // No network: the product this code opened before, from its kept copy; else "Không có mạng".
        const kept = productOfCode(code);
        if (kept) navigate(productPath(kept), { replace: true });
        else setOffline(true);
      });
  }, [state.status, code, resolve, open, navigate, attempt]);

  if (offline) {
    return (
      <OfflinePage
        onRetry={() => {
          setOffline(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (failed) {
    return (
      <PublicNotFound title={t.notFoundTitle} text={failed === t.notFoundText ? undefined : failed}>
        {failed === t.notFoundText && <CodeNotFoundCauses />}
      </PublicNotFound>
    );
  }
  return <LoadingScreen />;
}
