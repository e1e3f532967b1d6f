import { queryOptions } from '@tanstack/react-query';
import { homeDataSchema, type HomeData } from '@/contract/site';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { siteKeys } from '@/lib/site-query-keys';

export function getHomeData(signal?: AbortSignal): Promise<HomeData> {
  return apiRequest(apiPaths.homeData, { schema: homeDataSchema, signal });
}

export function homeDataQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.homeData(),
    queryFn: ({ signal }) => getHomeData(signal),
    // 5 minutes: settings change rarely; a longer stale time saves a request on every page change.
    staleTime: 5 * 60 * 1000,
    // The start-up spinner waits for this call: a failure must end it at once, not after retries.
    retry: false,
    // A failed load is not repeated by every component that reads the settings; the next page view retries.
    retryOnMount: false,
  });
}
