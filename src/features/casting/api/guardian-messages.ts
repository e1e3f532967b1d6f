import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { guardianThreadResponseSchema } from '@/contract/profiles';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { myCastingKeys } from './casting-keys';

const guardianMessagesKey = (applicationId: number) =>
  [...myCastingKeys.all(), 'guardian-messages', applicationId] as const;

/** The poster's messages with the guardian of an applicant under 18. */
export function guardianMessagesQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: guardianMessagesKey(applicationId),
    // Asked again each time the application opens: the guardian answers from elsewhere.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi(`/applications/${applicationId}/guardian-messages`), {
          schema: guardianThreadResponseSchema,
          auth: true,
          signal,
        })
      ).data,
  });
}

/** The poster writes to the guardian about the application (mailed to the guardian, never to the applicant). */
export function useWriteToGuardian(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (
        await apiRequest(apiPaths.userApi(`/applications/${applicationId}/guardian-messages`), {
          method: 'POST',
          body: { message },
          auth: true,
          idempotencyKey: newIdempotencyKey(),
          schema: guardianThreadResponseSchema,
        })
      ).data,
    onSuccess: (thread) => queryClient.setQueryData(guardianMessagesKey(applicationId), thread),
    networkMode: 'always',
  });
}
