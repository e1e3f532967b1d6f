import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { forgetUserDeviceData } from '@/lib/device-data';
import { forgetMemberOnDevice } from '@/offline/forget-member';
import { auth_logged_out } from '@/paraglide/messages/auth_logged_out.js';
import { auth_see_you } from '@/paraglide/messages/auth_see_you.js';

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
      // With the token still valid: the server forgets this browser's alerts for the member.
      await import('@/lib/push-subscription').then(({ unsubscribePush }) => unsubscribePush()).catch(() => undefined);
      await apiRequest(apiPaths.userApi('/logout'), {
        method: 'POST',
        body: {},
        auth: true,
        schema: messageResponseSchema,
      }).catch(() => undefined);
    },
    onSettled: async () => {
      // Edits not yet sent and drafts are the user's too: nothing of theirs stays on a shared phone.
      if (userId !== null) await forgetMemberOnDevice(userId);
      else forgetUserDeviceData();
      signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all() });
      notifications.show({ id: 'logged-out', title: auth_logged_out(), message: auth_see_you() });
    },
  });
}
