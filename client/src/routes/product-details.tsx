import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/products/details/:id': the public product page. Only the heading until the page's own issue lands. */
export default function ProductDetailsPage() {
  return <PageHeading title={vi.nav.productDetail} />;
}
