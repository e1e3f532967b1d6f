import { IsRestoringProvider, type QueryClient, QueryClientProvider, type OmitKeyof } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

interface PersistQueryClientProps {
  client: QueryClient;
  persistOptions: OmitKeyof<PersistQueryClientOptions, 'queryClient'>;
  children: ReactNode;
}

/**
 * TanStack's PersistQueryClientProvider, with one change: the end of the restore is a transition. Restored from
 * IndexedDB while a server-rendered page is still being hydrated, the library's plain state update made React finish
 * the hydration and re-render every query at once, in one long task; as a transition it waits its turn in slices.
 * While restoring, queries wait (`useIsRestoring`); afterwards the cache is saved whenever it changes.
 */
export function PersistQueryClient({ client, persistOptions, children }: PersistQueryClientProps) {
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

  useEffect(() => (isRestoring ? undefined : persistQueryClientSubscribe(options)), [isRestoring, options]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
