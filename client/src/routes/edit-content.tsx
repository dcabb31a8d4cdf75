import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/edit-content': the home and terms documents. Only the heading until the page's own issue lands. */
export default function EditContentPage() {
  return <PageHeading title={vi.nav.editContent} />;
}
