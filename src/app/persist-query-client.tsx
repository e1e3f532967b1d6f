import {
  dehydrate,
  IsRestoringProvider,
  type QueryClient,
  QueryClientProvider,
  type OmitKeyof,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

interface PersistQueryClientProps {
  client: QueryClient;
  persistOptions: OmitKeyof<PersistQueryClientOptions, 'queryClient'>;
  /** Writes the cache at once, unthrottled: called as the page is hidden or left. */
  persistNow(client: PersistedClient): void;
  children: ReactNode;
}

/**
 * TanStack's PersistQueryClientProvider, with one change: the end of the restore is a transition. Restored from
 * IndexedDB while a server-rendered page is still being hydrated, the library's plain state update made React finish
 * the hydration and re-render every query at once, in one long task; as a transition it waits its turn in slices.
 * While restoring, queries wait (`useIsRestoring`); afterwards the cache is saved whenever it changes, and at once
 * when the page is hidden or left (`visibilitychange` to hidden, `pagehide`): a change waiting for the throttled
 * write would be lost with the page.
 */
export function PersistQueryClient({ client, persistOptions, persistNow, children }: PersistQueryClientProps) {
  const [isRestoring, setIsRestoring] = useState(true);
  const [options] = useState(() => ({ ...persistOptions, queryClient: client }));

  useEffect(() => {
    let cancelled = false;
    void persistQueryClientRestore(options)
      .catch(() => {})
      .finally(() => {
        if (!cancelled) startTransition(() => setIsRestoring(false));
      });
    return () => {
      cancelled = true;
    };
  }, [options]);

  useEffect(() => {
    // Not before the restore: a write then would replace what the device kept with this page's queries alone.
    if (isRestoring) return undefined;
    const unsubscribe = persistQueryClientSubscribe(options);
    const save = () =>
      persistNow({
        buster: options.buster ?? '',
        timestamp: Date.now(),
        clientState: dehydrate(client, options.dehydrateOptions),
      });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
    };
  }, [isRestoring, options, client, persistNow]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
