import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

const TONES = {
  ok: 'bg-primary-light text-primary-dark',
  muted: 'bg-soft text-ink-soft',
  danger: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100',
  warning: 'bg-amber-100 text-amber-900',
} as const;

/**
 * A row's state in the workspace's lists (Đang hoạt động, Đã thu hồi…), always on one line: a badge
 * that wraps reads as two badges. Public pages show none (a shopper needs no workspace state).
 */
export function Badge({
  tone,
  className,
  children,
}: {
  tone: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
