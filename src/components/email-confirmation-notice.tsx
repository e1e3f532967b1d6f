import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { confirmNotice_general } from '@/paraglide/messages/confirmnotice_general1.js';
import { confirmNotice_offline } from '@/paraglide/messages/confirmnotice_offline1.js';
import { confirmNotice_open_after } from '@/paraglide/messages/confirmnotice_open_after1.js';
import { confirmNotice_open_before } from '@/paraglide/messages/confirmnotice_open_before1.js';
import { confirmNotice_resend } from '@/paraglide/messages/confirmnotice_resend1.js';
import { confirmNotice_title } from '@/paraglide/messages/confirmnotice_title1.js';
import { confirmNotice_to_action } from '@/paraglide/messages/confirmnotice_to_action1.js';
import { confirmNotice_your_email } from '@/paraglide/messages/confirmnotice_your_email1.js';

export interface EmailConfirmationNoticeProps {
  /** What the member tried to do, as the notice says it: "write to members", "apply", "post a casting call". */
  action?: string;
}

/**
 * Tells a signed-in member whose email is not confirmed why writing, applying and posting are refused, and offers
 * to send the link again. Shown as the site's banner, and in place of each form that would be refused.
 */
export function EmailConfirmationNotice({ action }: EmailConfirmationNoticeProps) {
  const email = useAppStore((state) => state.userProfile?.email ?? confirmNotice_your_email());
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
    resend.error instanceof ApiError ? resend.error.message : resend.error ? confirmNotice_offline() : null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title={confirmNotice_title()}
      data-testid="confirm-email-notice"
      // Mantine's darkest yellow is 2.7:1 on its light background: the site's warning text colour reads (4.5:1).
      styles={{ title: { color: 'var(--cv-warning-text)' } }}
    >
      <Text size="sm">
        {action ? confirmNotice_to_action({ action }) : confirmNotice_general()}
        {confirmNotice_open_before()}
        <strong>{email}</strong>
        {confirmNotice_open_after()}
      </Text>
      <Group gap="sm" mt="xs" align="center">
        <Button
          size="xs"
          variant="light"
          color="yellow"
          c="var(--cv-warning-text)"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {confirmNotice_resend()}
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
