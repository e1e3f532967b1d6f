import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ForgotPasswordRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) =>
      apiRequest(apiPaths.userApi('/forgot-password'), { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}
