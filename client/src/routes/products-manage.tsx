import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/products/manage': company product management. Only the heading until the page's own issue lands. */
export default function ProductsManagePage() {
  return <PageHeading title={vi.nav.productManagement} />;
}
