import type { DirectorySearch } from '@/lib/search-params';
import { accountKeys } from '@/lib/shop-query-keys';

/** The directory's filters, as in the address of `/category/{name}` (`verified: 'true'`, `sort: 'recent'`). */
export type ProfileFilters = DirectorySearch;

/** Profiles and the directory are public and persisted: what a visitor saw opens offline. */
export const profileKeys = {
  all: () => ['profiles'] as const,
  list: (category: string, filters: ProfileFilters) =>
    [...profileKeys.all(), 'list', category.toLowerCase(), filters] as const,
  profile: (handle: string) => [...profileKeys.all(), 'profile', handle] as const,
};

/** The signed-in member's own profile and messages (removed with the rest of the user's data at logout). */
export const myProfileKeys = {
  profile: () => [...accountKeys.all(), 'network-profile'] as const,
  conversations: () => [...accountKeys.all(), 'conversations'] as const,
};
