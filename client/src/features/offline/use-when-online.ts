import { useEffect } from 'react';

/** Calls `retry` when the browser says the network is back; null: nothing to retry. */
export function useWhenOnline(retry: (() => void) | null): void {
  useEffect(() => {
    if (!retry) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
}
