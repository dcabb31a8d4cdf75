import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { QR_CODE_PATTERN } from '../../../shared/constants.ts';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { PublicNotFound } from '../features/public/not-found.tsx';
import { useOpenScannedProduct, useResolveCode } from '../features/scan/record-scan.ts';
import { errorData } from '../lib/trpc.ts';
import { useSession } from '../session/SessionProvider.tsx';

const t = vi.publicPages.redirect;

/**
 * '/redirect/:code': where a printed QR code (PUBLIC_URL/redirect/{code}) lands. The code resolves
 * like a scan (products.resolve records the scan event; the history gets the product), then the
 * address is replaced by the product page so "back" does not resolve it again. products.resolve
 * covers codes bound to ACTIVE products; anything else (unknown, unbound, INACTIVE) is the same 404.
 */
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
    // The pattern, not the zod schema: this page must not load zod (issue 7).
    if (!QR_CODE_PATTERN.test(code)) return setFailed(t.notFoundText);
    resolve(code)
      .then((product) => open(product, { replace: true }))
      .catch((err) =>
        setFailed(errorData(err).httpStatus === 404 ? t.notFoundText : vi.client.somethingWentWrong),
      );
  }, [state.status, code, resolve, open]);

  if (failed) {
    return (
      <main className="min-h-dvh bg-canvas px-4">
        <PublicNotFound title={t.notFoundTitle} text={failed} />
      </main>
    );
  }
  return <LoadingScreen />;
}
