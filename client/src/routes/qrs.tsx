import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/qrs': QR management (batches of codes). Only the heading until the page's own issue lands. */
export default function QrsPage() {
  return <PageHeading title={vi.nav.qrManagement} />;
}
