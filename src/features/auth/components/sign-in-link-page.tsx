import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api-client';
import { useSignInLink } from '../api/login';
import { auth_link_checking } from '@/paraglide/messages/auth_link_checking.js';
import { auth_link_failed } from '@/paraglide/messages/auth_link_failed.js';
import { auth_link_offline } from '@/paraglide/messages/auth_link_offline.js';
import { auth_link_page } from '@/paraglide/messages/auth_link_page.js';
import { auth_link_signing_in } from '@/paraglide/messages/auth_link_signing_in.js';
import { auth_log_in } from '@/paraglide/messages/auth_log_in.js';
import classes from './auth.module.css';

export interface SignInLinkPageProps {
  /** The token of the mailed sign-in link. */
  token: string;
  onSignedIn: () => void;
}

/** Signs in with a mailed one-time link as soon as it is opened; a used or expired link says so. */
export function SignInLinkPage({ token, onSignedIn }: SignInLinkPageProps) {
  const signIn = useSignInLink();
  const [failure, setFailure] = useState<string | null>(null);
  // The link works once: it is sent once, even if the page is rendered twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    signIn.mutateAsync({ token }).then(onSignedIn, (error: unknown) => {
      setFailure(error instanceof ApiError ? error.message : auth_link_offline());
    });
  }, [signIn, token, onSignedIn]);

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={auth_link_page()} />
        <Title order={1} className={classes.title}>
          {failure ? auth_link_failed() : auth_link_signing_in()}
        </Title>
        {failure ? (
          <Stack gap="md" mt="md">
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              {auth_log_in()}
            </Button>
          </Stack>
        ) : (
          <Stack align="center" gap="sm" mt="md" role="status">
            <Loader size="md" aria-hidden />
            <Text>{auth_link_checking()}</Text>
          </Stack>
        )}
      </div>
    </PageContainer>
  );
}
