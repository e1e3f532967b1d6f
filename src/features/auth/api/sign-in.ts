import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@/contract/user';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';

/** Signs in with the answer of login or register: token and role stored, user data of any earlier user gone. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const signIn = useAppStore((state) => state.signIn);
  return (response: AuthResponse) => {
    queryClient.removeQueries({ queryKey: accountKeys.all() });
    signIn(response.token, response.user);
  };
}
