import type { ScannerErrorKind } from '@yudiel/react-qr-scanner';
import { vi } from '#shared/i18n/vi/index.ts';

const t = vi.publicPages.scan;

/** What to tell a person whose camera did not start (type-only import: the scanner stays out of the page chunk). */
export function cameraMessage(kind: ScannerErrorKind | 'unknown'): string {
  switch (kind) {
    case 'permission-denied':
    case 'security':
      return t.cameraDenied;
    case 'no-camera':
    case 'overconstrained':
    case 'unsupported':
      return t.cameraMissing;
    case 'insecure-context':
      return t.cameraInsecure;
    case 'in-use':
      return t.cameraBusy;
    default:
      return t.cameraFailed;
  }
}
