import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';

export interface EmailConfirmationNoticeProps {
  /** What the member tried to do, as the notice says it: "write to members", "apply", "post a casting call". */
  action?: string;
}

/**
 * Tells a signed-in member whose email is not confirmed why writing, applying and posting are refused, and offers
 * to send the link again. Shown as the site's banner, and in place of each form that would be refused.
 */
export function EmailConfirmationNotice({ action }: EmailConfirmationNoticeProps) {
  const email = useAppStore((state) => state.userProfile?.email ?? 'your email');
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.userApi('/resend-confirmation'), {
        method: 'POST',
        auth: true,
        body: {},
        schema: messageResponseSchema,
      }),
    // Confirmed on another device meanwhile: the profile says so, and this notice goes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
  const failure =
    resend.error instanceof ApiError
      ? resend.error.message
      : resend.error
        ? 'You are offline. Sending the link needs the network.'
        : null;
  return (
    <Alert color="yellow" variant="light" role="status" title="Confirm your email" data-testid="confirm-email-notice">
      <Text size="sm">
        {action
          ? `To ${action}, confirm your email first. `
          : 'You can browse and shop; to write to members, apply or post casting calls, confirm your email first. '}
        Open the link we sent to <strong>{email}</strong>.
      </Text>
      <Group gap="sm" mt="xs" align="center">
        <Button size="xs" variant="light" color="yellow" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend the link
        </Button>
        {resend.data ? (
          <Text size="sm" role="status">
            {resend.data.message}
          </Text>
        ) : null}
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        ) : null}
      </Group>
    </Alert>
  );
}
