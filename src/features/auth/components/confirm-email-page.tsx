import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { getLocale } from '@/paraglide/runtime';
import { useConfirmEmail } from '../api/confirm-email';
import { auth_confirm_incomplete } from '@/paraglide/messages/auth_confirm_incomplete.js';
import { auth_confirm_offline } from '@/paraglide/messages/auth_confirm_offline.js';
import { auth_confirm_resend_signed_in } from '@/paraglide/messages/auth_confirm_resend_signed_in.js';
import { auth_confirm_resend_signed_out } from '@/paraglide/messages/auth_confirm_resend_signed_out.js';
import { auth_confirm_title } from '@/paraglide/messages/auth_confirm_title.js';
import { auth_confirmed } from '@/paraglide/messages/auth_confirmed.js';
import { auth_confirmed_message } from '@/paraglide/messages/auth_confirmed_message.js';
import { auth_confirming } from '@/paraglide/messages/auth_confirming.js';
import { auth_log_in } from '@/paraglide/messages/auth_log_in.js';
import { auth_see_auditions } from '@/paraglide/messages/auth_see_auditions.js';
import classes from './auth.module.css';

export interface ConfirmEmailPageProps {
  /** The token of the mailed link. */
  token: string;
}

/** The page of the link mailed at registration: it confirms the email as it opens, and says so. */
export function ConfirmEmailPage({ token }: ConfirmEmailPageProps) {
  const confirm = useConfirmEmail();
  const signedIn = useAppStore((state) => state.signedIn);
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: a second request with a used link would answer that it no longer works.
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);

  const failure = !token
    ? auth_confirm_incomplete()
    : confirm.error instanceof ApiError
      ? confirm.error.message
      : confirm.error
        ? auth_confirm_offline()
        : null;

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={confirm.isSuccess ? auth_confirmed() : auth_confirm_title()} />
        <Title order={1} className={classes.title}>
          {confirm.isSuccess ? auth_confirmed() : auth_confirm_title()}
        </Title>
        <Stack gap="md" mt="md">
          {confirm.isSuccess ? (
            <>
              <Alert color="green" variant="light" role="status">
                {/* The server's answer says whether it was confirmed before; in Hindi, that it is confirmed. */}
                {getLocale() === 'en' ? confirm.data.message : auth_confirmed_message()}
              </Alert>
              <Button component={Link} to={signedIn ? '/auditions' : '/login'} fullWidth>
                {signedIn ? auth_see_auditions() : auth_log_in()}
              </Button>
            </>
          ) : failure ? (
            <>
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
              <Text size="sm">{signedIn ? auth_confirm_resend_signed_in() : auth_confirm_resend_signed_out()}</Text>
              {signedIn ? null : (
                <Button component={Link} to="/login" fullWidth>
                  {auth_log_in()}
                </Button>
              )}
            </>
          ) : (
            <Text role="status" aria-live="polite">
              <Loader size="xs" mr="xs" /> {auth_confirming()}
            </Text>
          )}
        </Stack>
      </div>
    </PageContainer>
  );
}
