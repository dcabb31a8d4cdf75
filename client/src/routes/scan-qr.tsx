import type { IScannerError } from '@yudiel/react-qr-scanner';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { readGuestHistory } from '#client/features/history/guest-history.ts';
import { productPath } from '#client/features/public/paths.ts';
import { PrivacyNotice } from '#client/features/public/privacy-notice.tsx';
import { localNamesOf, namesIn } from '#client/features/history/local-names.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { keepScanPage } from '#client/lib/service-worker.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { cameraMessage } from '#client/features/scan/camera-errors.ts';
import { CodeForm } from '#client/features/scan/code-form.tsx';
import { PhotoPicker } from '#client/features/scan/photo-picker.tsx';
import { useScanFlow } from '#client/features/scan/use-scan-flow.ts';

/** The scanner and its WebAssembly: fetched only when this page shows the camera. */
const CameraScanner = lazy(() => import('#client/features/scan/camera-scanner.tsx'));

/** '/scan-qr': the camera scanner, a photo of the code as the fallback, or the code typed by hand. */
export default function ScanQrPage() {
  const s = usePublicStrings();
  const lang = useLanguage();
  const t = s.scan;
  const flow = useScanFlow();
  const [cameraError, setCameraError] = useState<string | null>(null);
  // A new key mounts a new scanner: "Thử lại camera" asks for the camera again.
  const [cameraTry, setCameraTry] = useState(0);
  const busy = flow.status.kind === 'busy';
  const { state } = useSession();
  // A visitor's history lives on this phone: shown here too, so it is there with no network.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a pending code was looked up
  const recent = useMemo(
    () => (state.isLoggedIn ? [] : readGuestHistory().slice(0, 5)),
    [state.isLoggedIn, flow.pending],
  );

  // This page, its camera and its reader are kept on the phone for the next visit, offline too.
  const [keptOffline, setKeptOffline] = useState(false);
  useEffect(() => {
    let live = true;
    void keepScanPage().then((kept) => live && setKeptOffline(kept));
    return () => {
      live = false;
    };
  }, []);

  const onCameraError = (error: IScannerError) => setCameraError(cameraMessage(error.kind, t));
  const retryCamera = () => {
    setCameraError(null);
    setCameraTry((n) => n + 1);
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <PageHeading title={s.nav.scanQr} />
      <p className="-mt-4 text-ink-soft">{t.intro}</p>

      {cameraError ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{cameraError}</p>
          <Button variant="outline" size="sm" className="self-start" onClick={retryCamera}>
            {t.retryCamera}
          </Button>
        </div>
      ) : (
        // The live picture says nothing to a screen reader: the region is named and described, and the
        // photo and typed-code ways below reach the same page.
        <div
          role="region"
          aria-label={t.cameraLabel}
          aria-describedby="camera-help"
          className="aspect-square w-full overflow-hidden rounded-lg bg-black"
          data-testid="camera"
        >
          <p id="camera-help" className="sr-only">
            {t.cameraHelp}
          </p>
          <Suspense fallback={<p className="p-4 text-sm text-white">{t.cameraLoading}</p>}>
            <CameraScanner key={cameraTry} paused={busy} onText={flow.onText} onError={onCameraError} />
          </Suspense>
        </div>
      )}

      <div aria-live="polite">
        {flow.status.kind === 'busy' && (
          <p role="status" className="text-center font-medium text-primary">
            {flow.status.text}
          </p>
        )}
        {flow.status.kind === 'error' && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p>{flow.status.message}</p>
            <Button variant="outline" size="sm" className="self-start" onClick={flow.reset}>
              {t.scanAgain}
            </Button>
          </div>
        )}
        {flow.status.kind === 'queued' && (
          <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm">
            {t.queued}
          </p>
        )}
        {flow.status.kind === 'pick' && (
          <section
            aria-labelledby="scan-pick"
            className="flex flex-col gap-2 rounded-lg border border-line p-3"
          >
            <h2 id="scan-pick" className="font-medium">
              {t.pickTitle}
            </h2>
            <ul className="flex flex-col gap-2">
              {flow.status.products.map((p) => {
                const names = namesIn(
                  { name: p.name, companyName: p.company.name, names: localNamesOf(p) },
                  lang,
                );
                return (
                  <li key={p.id}>
                    <Button
                      variant="outline"
                      className="h-auto w-full flex-col items-start py-2 text-left whitespace-normal"
                      onClick={() => flow.onPick(p)}
                    >
                      <span className="font-medium">
                        <LocalText field={names.name} />
                      </span>
                      <span className="text-sm font-normal text-ink-soft">
                        <LocalText field={names.companyName} />
                      </span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {flow.pending.length > 0 && flow.status.kind !== 'queued' && (
          <p className="text-sm text-ink-soft">{t.pending(flow.pending.length)}</p>
        )}
      </div>

      <PhotoPicker disabled={busy} onFile={flow.onPhoto} />
      <CodeForm disabled={busy} onCode={flow.onText} />
      {recent.length > 0 && (
        <section aria-labelledby="scan-recent" className="flex flex-col gap-2">
          <h2 id="scan-recent" className="font-medium">
            {t.recentTitle}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {recent.map((r) => {
              const names = namesIn(r, lang);
              return (
                <li key={r.productId}>
                  <Link href={productPath(r.productId)} className="text-primary underline underline-offset-2">
                    <LocalText field={names.name} />
                  </Link>{' '}
                  <span className="text-ink-soft">
                    · <LocalText field={names.companyName} />
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {keptOffline && <p className="text-sm text-ink-soft">{t.keptOffline}</p>}
      <PrivacyNotice />
    </div>
  );
}
