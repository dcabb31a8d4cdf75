import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

/**
 * A form's values and whether they differ from what it was last filled with (`fill`, on opening):
 * a dialog asks before dropping a draft that is `dirty` (components/ui/dialog.tsx).
 */
export function useDraft<T>(initial: T): {
  draft: T;
  setDraft: Dispatch<SetStateAction<T>>;
  fill: (values: T) => void;
  dirty: boolean;
} {
  const [state, setState] = useState({ base: initial, draft: initial });
  // Stable, like useState's setter, so effects may list them.
  const setDraft: Dispatch<SetStateAction<T>> = useCallback(
    (next) =>
      setState((s) => ({
        ...s,
        draft: typeof next === 'function' ? (next as (prev: T) => T)(s.draft) : next,
      })),
    [],
  );
  const fill = useCallback((values: T) => setState({ base: values, draft: values }), []);
  return {
    draft: state.draft,
    setDraft,
    fill,
    dirty: JSON.stringify(state.draft) !== JSON.stringify(state.base),
  };
}
