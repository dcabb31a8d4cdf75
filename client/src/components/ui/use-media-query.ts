import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when it changes. Where there is no matchMedia
 * (the client tests' jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** Tailwind's `sm` breakpoint (40rem): at or above it lists are tables, below it cards. */
export const useAtLeastSm = () => useMediaQuery('(min-width: 40rem)');
