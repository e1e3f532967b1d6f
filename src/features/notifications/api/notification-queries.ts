import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationListResponseSchema } from '@/contract/notifications';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

/** The notification centre is the user's (removed with the rest of their data at logout). */
export const notificationKeys = { list: () => accountKeys.notifications() };

/**
 * Looked at again each minute while the app is open, when it comes back to the front, and on every page load: news is
 * what the centre is for, so a reload asks the server even when the saved copy is seconds old (shown meanwhile).
 */
export const NOTIFICATION_POLL_MS = 60 * 1000;

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.userApi('/notifications'), { schema: notificationListResponseSchema, auth: true, signal }),
    staleTime: 0,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.userApi('/notifications/read'), {
        method: 'POST',
        body: {},
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: notificationListResponseSchema,
      }),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.list(), list),
  });
}
