import { cn } from '#client/lib/cn.ts';

/**
 * The headline figures as cards: readable as text by everyone, screen readers included. One row of
 * them on a wide screen; in two columns an odd last card spans both rather than standing alone.
 */
export function StatCards({ items }: { items: { label: string; value: number }[] }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-2 gap-3 max-sm:[&>:last-child:nth-child(odd)]:col-span-2',
        items.length > 4 ? 'sm:grid-cols-3 lg:grid-cols-5' : 'lg:grid-cols-4',
      )}
    >
      {items.map((i) => (
        <div key={i.label} className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-ink-soft">{i.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-ink">{i.value.toLocaleString('vi-VN')}</dd>
        </div>
      ))}
    </dl>
  );
}
