import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/scan-qr': the camera scanner. Only the heading until the page's own issue lands. */
export default function ScanQrPage() {
  return <PageHeading title={vi.nav.scanQr} />;
}
