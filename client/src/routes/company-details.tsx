import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/company/details/:id': the public company page. Only the heading until the page's own issue lands. */
export default function CompanyDetailsPage() {
  return <PageHeading title={vi.nav.companyDetail} />;
}
