import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { useConfirmEmail } from '../api/confirm-email';
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
    ? 'The confirmation link is incomplete; open the link from the email again.'
    : confirm.error instanceof ApiError
      ? confirm.error.message
      : confirm.error
        ? 'You are offline. Confirming your email needs the network; open the link again when you are online.'
        : null;

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={confirm.isSuccess ? 'Email confirmed' : 'Confirm your email'} />
        <Title order={1} className={classes.title}>
          {confirm.isSuccess ? 'Email confirmed' : 'Confirm your email'}
        </Title>
        <Stack gap="md" mt="md">
          {confirm.isSuccess ? (
            <>
              <Alert color="green" variant="light" role="status">
                {confirm.data.message}
              </Alert>
              <Button component={Link} to={signedIn ? '/auditions' : '/login'} fullWidth>
                {signedIn ? 'See the auditions' : 'Log in'}
              </Button>
            </>
          ) : failure ? (
            <>
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
              <Text size="sm">
                {signedIn
                  ? 'Ask for a new link with “Resend the link” at the top of the page.'
                  : 'Log in and ask for a new link with “Resend the link”.'}
              </Text>
              {signedIn ? null : (
                <Button component={Link} to="/login" fullWidth>
                  Log in
                </Button>
              )}
            </>
          ) : (
            <Text role="status" aria-live="polite">
              <Loader size="xs" mr="xs" /> Confirming your email…
            </Text>
          )}
        </Stack>
      </div>
    </PageContainer>
  );
}
