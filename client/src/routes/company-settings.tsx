import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/company/settings/': the company's details. Only the heading until the page's own issue lands. */
export default function CompanySettingsPage() {
  return <PageHeading title={vi.nav.companySettings} />;
}
