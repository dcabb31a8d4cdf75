/**
 * Toasts belong to the page they were shown on (decision 092): moving to another page dismisses them,
 * except one marked `NEXT_PAGE` (lib/toasts.ts) that announces the result of the step which moved there ("Đặt lại mật
 * khẩu thành công" on the sign-in page). A success dismisses the errors still shown: it is the answer
 * to what failed ("Lưu" fails, is fixed, then succeeds).
 */
import { useEffect, useRef } from 'react';
import { type Id, toast } from 'react-toastify';
import { useLocation } from 'wouter';

interface Shown {
  type: string | undefined;
  /** Survives the next path change (then belongs to that page). */
  nextPage: boolean;
}

export function PageToasts() {
  const [location] = useLocation();
  const shown = useRef(new Map<Id, Shown>());
  useEffect(
    () =>
      toast.onChange((item) => {
        if (item.status === 'removed') {
          shown.current.delete(item.id);
          return;
        }
        if (item.status !== 'added') return;
        if (item.type === 'success') {
          for (const [id, s] of shown.current) if (s.type === 'error') toast.dismiss(id);
        }
        const data = item.data as { nextPage?: boolean } | undefined;
        shown.current.set(item.id, { type: item.type, nextPage: data?.nextPage === true });
      }),
    [],
  );
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const [id, s] of shown.current) {
      if (s.nextPage) s.nextPage = false;
      else toast.dismiss(id);
    }
  }, [location]);
  return null;
}
