import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether `query` matches, read during render (no flash of the wrong layout when the app renders in the browser).
 * A server-rendered page is rendered and hydrated with `serverValue`, the layout of the phone that is the main
 * target; the browser then renders the real value at once.
 */
export function useMediaMatch(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
