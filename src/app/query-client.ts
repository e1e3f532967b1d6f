import { QueryClient } from '@tanstack/react-query';
import { CACHE_MAX_AGE_MS } from '@/lib/cache-age';
import { retryRead } from '@/lib/query-retry';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Serve what is cached at once and do not pause queries just because navigator.onLine says false.
        networkMode: 'offlineFirst',
        // Offline, a page never seen says so at once rather than after its retries.
        retry: (failureCount, error) => retryRead(failureCount, error),
        staleTime: 60 * 1000,
        // Kept as long as the saved cache keeps them: with the default 5 minutes, a list read before a long look at
        // one product was dropped from memory, and then from the saved cache, and was gone offline.
        gcTime: CACHE_MAX_AGE_MS,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
