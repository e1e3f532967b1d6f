import { queryOptions } from '@tanstack/react-query';
import { profileResponseSchema, type Profile } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const response = await apiRequest(apiPaths.userApi('/profile'), {
    auth: true,
    schema: profileResponseSchema,
    signal,
  });
  return response.data;
}

export function profileQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    enabled,
    // An account waiting for its email to be confirmed is asked again on every page: the member comes back from
    // the mail's link, perhaps on another device, and the refused forms open at once.
    staleTime: (query) =>
      query.state.data?.email_confirmed === false && !query.state.data.phone_confirmed ? 0 : 5 * 60 * 1000,
    // A 401 is final until the user logs in again; retrying it only repeats the redirect.
    retry: (failureCount, error) => failureCount < 2 && !('status' in error && error.status === 401),
  });
}
