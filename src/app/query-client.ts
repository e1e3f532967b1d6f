import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Serve what is cached at once and do not pause queries just because navigator.onLine says false.
        networkMode: 'offlineFirst',
        staleTime: 60 * 1000,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
