import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/': the company dashboard (statistics). Only the heading until the page's own issue lands. */
export default function DashboardPage() {
  return <PageHeading title={vi.nav.home} />;
}
