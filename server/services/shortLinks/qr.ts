import { redirectUrl } from '#server/services/codes.ts';

export type QrImageKind = 'png' | 'svg';

/** Where a code's printable QR image is served (see server/http/qr-images.ts). */
export function qrImagePath(code: string, kind: QrImageKind = 'png'): string {
  return `/api/qr/${code}.${kind}`;
}

/** Error correction M and the standard 4-module quiet zone: prints small and survives a scuffed label. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * The QR image of `PUBLIC_URL/redirect/{code}`, or of `url` when given (a Digital Link, decision 131):
 * any phone camera opens the product page.
 */
export async function renderQr(
  publicUrl: string,
  code: string,
  kind: QrImageKind,
  url = redirectUrl(publicUrl, code),
): Promise<Uint8Array | string> {
  // Loaded on the first image asked for: not needed to start the server.
  const { default: QRCode } = await import('qrcode');
  if (kind === 'svg') return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 512 });
}
