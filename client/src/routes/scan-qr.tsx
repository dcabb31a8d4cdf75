import type { IScannerError } from '@yudiel/react-qr-scanner';
import { lazy, Suspense, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { PrivacyNotice } from '#client/features/public/privacy-notice.tsx';
import { cameraMessage } from '#client/features/scan/camera-errors.ts';
import { CodeForm } from '#client/features/scan/code-form.tsx';
import { PhotoPicker } from '#client/features/scan/photo-picker.tsx';
import { useScanFlow } from '#client/features/scan/use-scan-flow.ts';

/** The scanner and its WebAssembly: fetched only when this page shows the camera. */
const CameraScanner = lazy(() => import('#client/features/scan/camera-scanner.tsx'));

const t = vi.publicPages.scan;

/** '/scan-qr': the camera scanner, a photo of the code as the fallback, or the code typed by hand. */
export default function ScanQrPage() {
  const flow = useScanFlow();
  const [cameraError, setCameraError] = useState<string | null>(null);
  const busy = flow.status.kind === 'busy';

  const onCameraError = (error: IScannerError) => setCameraError(cameraMessage(error.kind));

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <PageHeading title={vi.nav.scanQr} />
      <p className="-mt-4 text-ink-soft">{t.intro}</p>

      {cameraError ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {cameraError}
        </p>
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
            <CameraScanner paused={busy} onText={flow.onText} onError={onCameraError} />
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
      </div>

      <PhotoPicker disabled={busy} onFile={flow.onPhoto} />
      <CodeForm disabled={busy} onCode={flow.onText} />
      <PrivacyNotice />
    </div>
  );
}
