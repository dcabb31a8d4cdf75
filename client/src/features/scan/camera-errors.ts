import type { ScannerErrorKind } from '@yudiel/react-qr-scanner';
import type { PublicStrings } from '#shared/i18n/public/vi.ts';

/**
 * What to tell a person whose camera did not start, in the page's words `t` (type-only import: the scanner stays
 * out of the page chunk).
 */
export function cameraMessage(kind: ScannerErrorKind | 'unknown', t: PublicStrings['scan']): string {
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
