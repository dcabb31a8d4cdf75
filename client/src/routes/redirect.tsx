import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { QR_CODE_PATTERN } from '#shared/constants.ts';
import { LoadingScreen } from '#client/components/ui/loading-screen.tsx';
import { PublicNotFound } from '#client/features/public/not-found.tsx';
import { useOpenScannedProduct, useResolveCode } from '#client/features/scan/record-scan.ts';
import { errorData } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.publicPages.redirect;

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
  const { state } = useSession();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Wait for the session: a signed-in user's scan belongs in their account, a visitor's on the phone.
    if (state.status === 'loading' || started.current) return;
    started.current = true;
    // The pattern, not the zod schema: this page must not load zod (decision 074).
    if (!QR_CODE_PATTERN.test(code)) return setFailed(t.notFoundText);
    resolve(code)
      .then((product) => open(product, { replace: true }))
      .catch((err) =>
        setFailed(errorData(err).httpStatus === 404 ? t.notFoundText : vi.client.somethingWentWrong),
      );
  }, [state.status, code, resolve, open]);

  if (failed) {
    return (
      <PublicNotFound title={t.notFoundTitle} text={failed === t.notFoundText ? undefined : failed}>
        {failed === t.notFoundText && <CodeNotFoundCauses />}
      </PublicNotFound>
    );
  }
  return <LoadingScreen />;
}
