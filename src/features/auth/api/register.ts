import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type RegisterRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useSignIn } from './sign-in';

export function register(input: RegisterRequest): Promise<AuthResponse> {
  return apiRequest(apiPaths.userApi('/register'), { method: 'POST', body: input, schema: authResponseSchema });
}

export function useRegister() {
  const signIn = useSignIn();
  return useMutation({ mutationFn: register, onSuccess: signIn });
}
