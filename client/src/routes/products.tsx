import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/products': the scanned products (scan log, or local history for a visitor). Only the heading until the page's own issue lands. */
export default function ProductsPage() {
  return <PageHeading title={vi.nav.scannedProducts} />;
}
