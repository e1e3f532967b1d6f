import { accountKeys } from '@/lib/shop-query-keys';
import type { CastingSearch } from '@/lib/search-params';

/** The filters of `/auditions`, as in its address. */
export type CallFilters = CastingSearch;

/** Calls are public and persisted: a call a visitor saw opens offline. */
export const castingKeys = {
  all: () => ['casting'] as const,
  list: (filters: CallFilters) => [...castingKeys.all(), 'list', filters] as const,
  call: (id: number) => [...castingKeys.all(), 'call', id] as const,
};

/** The signed-in member's side of casting (removed with the rest of the user's data at logout). */
export const myCastingKeys = {
  all: () => [...accountKeys.all(), 'casting'] as const,
  applications: () => [...myCastingKeys.all(), 'applications'] as const,
  calls: () => [...myCastingKeys.all(), 'calls'] as const,
  applicants: (callId: number, query: Record<string, string | number | undefined>) =>
    [...myCastingKeys.all(), 'applicants', callId, query] as const,
  saved: () => [...myCastingKeys.all(), 'saved'] as const,
};
