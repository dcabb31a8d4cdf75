/** The headline figures as cards: readable as text by everyone, screen readers included. */
export function StatCards({ items }: { items: { label: string; value: number }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-ink-soft">{i.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-ink">{i.value.toLocaleString('vi-VN')}</dd>
        </div>
      ))}
    </dl>
  );
}
