import { vi } from '../../../shared/i18n/vi/index.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';

/** '/redirect/:code': resolves a short link and goes to its product. Only the heading until the page's own issue lands. */
export default function RedirectPage() {
  return <PageHeading title={vi.nav.redirect} />;
}
