import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type LoginRequest } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useSignIn } from './sign-in';

export function login(input: LoginRequest): Promise<AuthResponse> {
  return apiRequest(apiPaths.userApi('/login'), { method: 'POST', body: input, schema: authResponseSchema });
}

export function useLogin() {
  const signIn = useSignIn();
  return useMutation({ mutationFn: login, onSuccess: signIn });
}
