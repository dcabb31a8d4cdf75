import { useState } from 'react';

/**
 * True from the first time `open` is true, and then for good: a lazily loaded drawer is mounted on its
 * first opening (its code stays out of the entry chunk: decision 074) and stays mounted so that closing it
 * still plays through Radix (focus return, scroll unlock).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state set during render (React's documented pattern), so the drawer mounts in the same pass.
  if (open && !opened) setOpened(true);
  return opened || open;
}
