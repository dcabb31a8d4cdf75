import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { ActiveShareChart, ScansByDayChart, TopProductsChart } from '#client/features/dashboard/charts.tsx';
import { FirstSteps } from '#client/features/dashboard/first-steps.tsx';
import { StatCards } from '#client/features/dashboard/stat-cards.tsx';
import { SerialWatch } from '#client/features/serials/serial-watch.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { vi } from '#shared/i18n/vi/index.ts';
import { roleCan } from '#shared/permissions.ts';

const t = vi.workspace.dashboard;

/** The headline figures, named alike in both answers and in the texts ('totalProducts': 'Tổng sản phẩm'). */
type Figure =
  | 'totalProducts'
  | 'activeProducts'
  | 'inactiveProducts'
  | 'totalScans'
  | 'totalUsers'
  | 'totalCompanies';

/**
 * One block of figures: its heading, the headline cards (`cards`, and `more` of its own after them) and
 * the scans by day, then any charts only it has. 'Đang tải' until its query answers.
 */
function Figures<D extends { scansByDay: { date: string; count: number }[] } & { [F in Figure]?: number }>({
  id,
  title,
  data,
  cards,
  more,
  intro,
  children,
}: {
  id: string;
  title: string;
  data: D | undefined;
  cards: readonly (Figure & keyof D)[];
  more?: (d: D) => { label: string; value: number }[];
  /** Shown instead of the charts (the first steps of a company without products). */
  intro?: (d: D) => ReactNode;
  children?: (d: D) => ReactNode;
}) {
  if (!data) return <p role="status">{vi.workspace.common.loading}</p>;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro?.(data) ?? (
        <>
          <StatCards
            items={[
              ...cards.map((key) => ({ label: t[key], value: data[key] ?? 0 })),
              ...(more?.(data) ?? []),
            ]}
          />
          <ScansByDayChart data={data.scansByDay} />
          {children?.(data)}
        </>
      )}
    </section>
  );
}

/** The company's figures: products, scans by day, top products, active share. */
function CompanyFigures({ canAdd }: { canAdd: boolean }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.statistics.dashboard.queryOptions());
  return (
    <Figures
      id="company-figures"
      title={t.companyTitle}
      data={stats.data}
      cards={['totalProducts', 'activeProducts', 'inactiveProducts', 'totalScans']}
      // Scans of the lots recalled now (decision 126), in the row of headline figures.
      more={(d) => [{ label: vi.lots.dashboard.recalledScans, value: d.recalledLotScans }]}
      intro={(d) => (d.totalProducts === 0 ? <FirstSteps canAdd={canAdd} /> : null)}
    >
      {(d) => (
        <div className="grid gap-4 lg:grid-cols-2">
          <TopProductsChart data={d.topProducts} />
          <ActiveShareChart active={d.activeProducts} inactive={d.inactiveProducts} />
        </div>
      )}
    </Figures>
  );
}

/** The whole site's figures, for SUPER_ADMIN and MODERATOR. */
function GeneralFigures() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.statistics.general.queryOptions());
  return (
    <Figures
      id="general-figures"
      title={t.generalTitle}
      data={stats.data}
      cards={['totalUsers', 'totalCompanies', 'totalProducts', 'totalScans']}
    />
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
      {company && <CompanyFigures canAdd={roleCan(role, 'manage', 'Product')} />}
      {/* Suspect items, provinces and fake reports (issue 32): for those who make the serials. */}
      {company && roleCan(role, 'manage', 'Product') && <SerialWatch quiet />}
    </div>
  );
}
