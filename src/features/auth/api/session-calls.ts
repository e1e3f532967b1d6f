import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  authResponseSchema,
  messageResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { clearOwnerEntries } from '@/offline/outbox';
import { ownerOfUser } from '@/offline/outbox-types';

export function login(input: LoginRequest): Promise<AuthResponse> {
  return apiRequest(apiPaths.userApi('/login'), { method: 'POST', body: input, schema: authResponseSchema });
}

export function register(input: RegisterRequest): Promise<AuthResponse> {
  return apiRequest(apiPaths.userApi('/register'), { method: 'POST', body: input, schema: authResponseSchema });
}

/** Signs in with the answer of login or register: token and role stored, user data of any earlier user gone. */
function useSignIn() {
  const queryClient = useQueryClient();
  const signIn = useAppStore((state) => state.signIn);
  return (response: AuthResponse) => {
    queryClient.removeQueries({ queryKey: accountKeys.all() });
    signIn(response.token, response.user);
  };
}

export function useLogin() {
  const signIn = useSignIn();
  return useMutation({ mutationFn: login, onSuccess: signIn });
}

export function useRegister() {
  const signIn = useSignIn();
  return useMutation({ mutationFn: register, onSuccess: signIn });
}

/**
 * Logs out: the server revokes the token (best effort: offline, the token is still forgotten here), and every query
 * of the user's data is removed from the cache.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOut = useAppStore((state) => state.signOut);
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  return useMutation({
    mutationFn: async () => {
      await apiRequest(apiPaths.userApi('/logout'), {
        method: 'POST',
        body: {},
        auth: true,
        schema: messageResponseSchema,
      }).catch(() => undefined);
    },
    onSettled: async () => {
      // Edits not yet sent are the user's too: nothing of theirs stays on a shared phone.
      if (userId !== null) await clearOwnerEntries(ownerOfUser(userId));
      signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all() });
      notifications.show({ id: 'logged-out', title: 'You are logged out', message: 'See you again soon.' });
    },
  });
}
