import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  organisationCategories,
  PERSON_CATEGORY,
  conversationListResponseSchema,
  myProfileResponseSchema,
  profileListQuerySchema,
  profileListResponseSchema,
  publicProfileResponseSchema,
  type MyProfile,
  type PublicProfile,
} from '@/contract/profiles';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { retryRead } from '@/lib/query-retry';
import { myProfileKeys, profileKeys, type ProfileFilters } from './profile-keys';

/** The profile in the address does not exist, is hidden, or its member left. */
export class ProfileNotFoundError extends Error {
  constructor(readonly handle: string) {
    super(`There is no profile ${handle}`);
    this.name = 'ProfileNotFoundError';
  }
}

export const PROFILES_PER_PAGE = 12;

/** The directory's category of an address's name, by its spec label in any case (`production house`), if any. */
export function directoryCategory(name: string): string | undefined {
  return [PERSON_CATEGORY, ...organisationCategories].find((label) => label.toLowerCase() === name.toLowerCase());
}

export function profileListQueryOptions(category: string, filters: ProfileFilters) {
  return queryOptions({
    queryKey: profileKeys.list(category, filters),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPaths.publicApi(
          `/profiles${listQuery({ ...filters, category, per_page: PROFILES_PER_PAGE }, profileListQuerySchema)}`,
        ),
        { schema: profileListResponseSchema, signal },
      ),
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
  });
}

export async function getProfile(handle: string, signal?: AbortSignal): Promise<PublicProfile> {
  try {
    // Signed in, the owner (and staff) also see it while it is hidden.
    const answer = await apiRequest(apiPaths.publicApi(`/profiles/${encodeURIComponent(handle)}`), {
      schema: publicProfileResponseSchema,
      auth: true,
      signal,
    });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ProfileNotFoundError(handle);
    throw error;
  }
}

export function profileQueryOptions(handle: string) {
  return queryOptions({
    queryKey: profileKeys.profile(handle),
    queryFn: ({ signal }) => getProfile(handle, signal),
    staleTime: 60 * 1000,
    retry: (failureCount, error) => !(error instanceof ProfileNotFoundError) && retryRead(failureCount, error, 2),
  });
}

/** The caller's profile, or null before they create one. */
export async function getMyProfile(signal?: AbortSignal): Promise<MyProfile | null> {
  try {
    return (await apiRequest(apiPaths.userApi('/me/profile'), { schema: myProfileResponseSchema, auth: true, signal }))
      .data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function myProfileQueryOptions() {
  return queryOptions({
    queryKey: myProfileKeys.profile(),
    // Asked again each time My profile opens: a guardian's consent and a moderator's decision change it elsewhere.
    staleTime: 0,
    queryFn: ({ signal }) => getMyProfile(signal),
  });
}

export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: myProfileKeys.conversations(),
    // Asked again each time Messages opens: a notice of an answer leads here, and the copy held may predate it.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi('/me/conversations'), {
          schema: conversationListResponseSchema,
          auth: true,
          signal,
        })
      ).data,
  });
}
