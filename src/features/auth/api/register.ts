import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type RegisterRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { getLocale } from '@/paraglide/runtime';
import { useSignIn } from './sign-in';

export function register(input: RegisterRequest): Promise<AuthResponse> {
  // Made on a Hindi page, the account reads Hindi from its first mail.
  return apiRequest(apiPaths.userApi('/register'), {
    method: 'POST',
    body: { language: getLocale(), ...input },
    schema: authResponseSchema,
  });
}

export function useRegister() {
  const signIn = useSignIn();
  return useMutation({ mutationFn: register, onSuccess: signIn });
}
