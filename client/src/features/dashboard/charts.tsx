import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useId } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';

const t = vi.workspace.dashboard;
const PRIMARY = 'var(--primary)';
/** Axis labels in the palette's secondary text colour, readable in light and dark (palette.css). */
const TICK = { fill: 'var(--ink-soft)' };
const shortDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** "Lượt quét: 10", as Vietnamese writes it (Recharts puts " : " between a name and its value). */
const SEPARATOR = ': ';
/** A product's name on the bar chart's axis, on one line: whole in the tooltip and in the table below. */
const NAME_MAX = 20;
const axisName = (name: string) =>
  name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;

/** The bar chart's name tick as one line of text (Recharts' own tick wraps a name into lines). */
function NameTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill={TICK.fill}>
      {axisName(String(payload?.value ?? ''))}
    </text>
  );
}

/**
 * A chart card: the chart is one image to assistive technology, named and pointing at the table of the
 * same figures that follows it (aria-details), so nothing inside the drawing is read or focused.
 */
function ChartCard({
  title,
  children,
  table,
}: {
  title: string;
  children: React.ReactNode;
  table: React.ReactNode;
}) {
  const tableId = useId();
  return (
    <section className="rounded-lg border border-line bg-surface p-4">
      <h2 className="mb-3 font-semibold text-ink">{title}</h2>
      <div role="img" aria-label={t.chartAlt(title)} aria-details={tableId} className="h-64">
        {children}
      </div>
      <details id={tableId} className="mt-2 text-sm text-ink-soft">
        <summary className="min-h-6 cursor-pointer">{t.tableCaption(title)}</summary>
        {table}
      </details>
    </section>
  );
}

function FigureTable({ head, rows }: { head: [string, string]; rows: [string, number][] }) {
  return (
    <table className="mt-2 w-full text-left">
      <thead>
        <tr>
          <th>{head[0]}</th>
          <th className="text-end">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <td>{k}</td>
            <td className="text-end">{v.toLocaleString('vi-VN')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ScansByDayChart({ data }: { data: { date: string; count: number }[] }) {
  return (
    <ChartCard
      title={t.scansByDay}
      table={<FigureTable head={[t.date, t.scans]} rows={data.map((d) => [d.date, d.count])} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis tick={TICK} dataKey="date" tickFormatter={shortDay} fontSize={12} minTickGap={16} />
          <YAxis tick={TICK} allowDecimals={false} fontSize={12} />
          {/* The tooltip's date reads like the axis under it (dd/mm). */}
          <Tooltip
            separator={SEPARATOR}
            labelFormatter={(d) => shortDay(String(d))}
            formatter={(v) => [v, t.scans]}
          />
          <Area type="monotone" dataKey="count" stroke={PRIMARY} fill={PRIMARY} fillOpacity={0.2} />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function TopProductsChart({ data }: { data: { id: number; name: string; scans: number }[] }) {
  return (
    <ChartCard
      title={t.topProducts}
      table={<FigureTable head={[t.product, t.scans]} rows={data.map((d) => [d.name, d.scans])} />}
    >
      {data.length === 0 ? (
        <p className="text-sm text-ink-soft">{t.noScans}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            accessibilityLayer={false}
            layout="vertical"
            margin={{ top: 8, right: 8, left: 8, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
            <XAxis tick={TICK} type="number" allowDecimals={false} fontSize={12} />
            <YAxis tick={NameTick} type="category" dataKey="name" width={160} />
            <Tooltip separator={SEPARATOR} formatter={(v) => [v, t.scans]} />
            <Bar dataKey="scans" fill={PRIMARY} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export function ActiveShareChart({ active, inactive }: { active: number; inactive: number }) {
  const data = [
    { name: vi.workspace.common.active, value: active, color: PRIMARY },
    { name: vi.workspace.common.inactive, value: inactive, color: '#94a3b8' },
  ];
  return (
    <ChartCard
      title={t.activeVsInactive}
      table={
        <FigureTable
          head={[vi.workspace.common.status, t.totalProducts]}
          rows={data.map((d) => [d.name, d.value])}
        />
      }
    >
      {active + inactive === 0 ? (
        <p className="text-sm text-ink-soft">{t.noProducts}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              label
              rootTabIndex={-1}
            >
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip separator={SEPARATOR} />
            <Legend
              verticalAlign="bottom"
              iconType="circle"
              formatter={(name: string) => {
                const d = data.find((x) => x.name === name);
                return (
                  <span className="text-sm text-ink">{`${name}: ${(d?.value ?? 0).toLocaleString('vi-VN')}`}</span>
                );
              }}
            />
          </PieChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}
