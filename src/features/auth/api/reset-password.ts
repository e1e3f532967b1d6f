import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ResetPasswordRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) =>
      apiRequest(apiPaths.userApi('/reset-password'), { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}
