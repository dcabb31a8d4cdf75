import { type ReactNode, useId } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * One part of a lot's workspace page (its receipts, its inputs, its trace...): a titled region, with the
 * part's own buttons beside the title (under it on a phone when they do not fit).
 */
export function Section({
  title,
  actions,
  children,
  className,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={cn('rounded-lg border border-line bg-surface p-4', className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A section's "nothing yet" line. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-soft">{children}</p>;
}
