import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/users': the user list. Only the heading until the page's own issue lands. */
export default function UsersPage() {
  return <PageHeading title={vi.nav.users} />;
}
