import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest, messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

/** A new password for the signed-in user; their other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiRequest(apiPaths.userApi('/change-password'), {
        method: 'POST',
        auth: true,
        body: input,
        schema: messageResponseSchema,
      }),
  });
}
