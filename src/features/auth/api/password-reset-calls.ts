import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ForgotPasswordRequest, type ResetPasswordRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) =>
      apiRequest(apiPaths.userApi('/forgot-password'), { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) =>
      apiRequest(apiPaths.userApi('/reset-password'), { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}
