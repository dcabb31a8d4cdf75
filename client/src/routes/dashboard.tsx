import { useQuery } from '@tanstack/react-query';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { roleCan } from '../../../shared/permissions.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ActiveShareChart, ScansByDayChart, TopProductsChart } from '../features/dashboard/charts.tsx';
import { StatCards } from '../features/dashboard/stat-cards.tsx';
import { useTRPC } from '../lib/trpc.ts';
import { useSession } from '../session/SessionProvider.tsx';

const t = vi.workspace.dashboard;

/** The company's figures: products, scans by day, top products, active share. */
function CompanyFigures() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.statistics.dashboard.queryOptions());
  if (!stats.data) return <p role="status">{vi.workspace.common.loading}</p>;
  const d = stats.data;
  return (
    <section aria-labelledby="company-figures" className="flex flex-col gap-4">
      <h2 id="company-figures" className="text-lg font-semibold text-ink">
        {t.companyTitle}
      </h2>
      <StatCards
        items={[
          { label: t.totalProducts, value: d.totalProducts },
          { label: t.activeProducts, value: d.activeProducts },
          { label: t.inactiveProducts, value: d.inactiveProducts },
          { label: t.totalScans, value: d.totalScans },
        ]}
      />
      <ScansByDayChart data={d.scansByDay} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopProductsChart data={d.topProducts} />
        <ActiveShareChart active={d.activeProducts} inactive={d.inactiveProducts} />
      </div>
    </section>
  );
}

/** The whole site's figures, for SUPER_ADMIN and MODERATOR. */
function GeneralFigures() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.statistics.general.queryOptions());
  if (!stats.data) return <p role="status">{vi.workspace.common.loading}</p>;
  const d = stats.data;
  return (
    <section aria-labelledby="general-figures" className="flex flex-col gap-4">
      <h2 id="general-figures" className="text-lg font-semibold text-ink">
        {t.generalTitle}
      </h2>
      <StatCards
        items={[
          { label: t.totalUsers, value: d.totalUsers },
          { label: t.totalCompanies, value: d.totalCompanies },
          { label: t.totalProducts, value: d.totalProducts },
          { label: t.totalScans, value: d.totalScans },
        ]}
      />
      <ScansByDayChart data={d.scansByDay} />
    </section>
  );
}

/** '/': administrators see the site's figures; company staff their company's. Recharts loads with this page only. */
export default function DashboardPage() {
  const { state } = useSession();
  const role = state.currentUser?.role ?? 'GUEST';
  const admin = roleCan(role, 'manage', 'Admin');
  const company = state.currentUser?.companyId != null && roleCan(role, 'read', 'Manage');
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={vi.nav.home} />
      {admin && <GeneralFigures />}
      {company && <CompanyFigures />}
    </div>
  );
}
