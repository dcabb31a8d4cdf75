import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';
import { vietnamDay } from '#shared/vietnam-time.ts';

type Out = inferRouterOutputs<AppRouter>;
type In = inferRouterInputs<AppRouter>;

/** A product as the list answers it, and with its timeline as `products.get` does. */
export type ProductRow = Out['products']['list']['products'][number];
export type ProductDetail = Out['products']['get'];
export type ProductListQuery = In['products']['list'];

/** One step of the timeline as the editor holds it; `key` keeps React rows stable while steps move. */
export interface TimelineStep {
  key: string;
  /** A saved lot step's id, sent back so that the step keeps what the editor does not show (decision 193). */
  id?: number;
  activity: string;
  location: string;
  date: string;
  description: string;
}

let seq = 0;
export const newStepKey = () => `step-${Date.now().toString(36)}-${++seq}`;
export const emptyStep = (): TimelineStep => ({
  key: newStepKey(),
  activity: '',
  location: '',
  // Today in Vietnam, not in UTC (before 07:00 that was yesterday).
  date: vietnamDay(),
  description: '',
});

/** Moves the item at `from` to `to` (bounds-checked), leaving the others in order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
