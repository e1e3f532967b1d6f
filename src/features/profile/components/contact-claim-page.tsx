import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api-client';
import { useClaimContactMessages } from '../api/contact-claim';

/**
 * The page of a mailed claim link. Nothing happens until the member presses the button: a mail scanner that opens
 * the link attaches nothing.
 */
export function ContactClaimPage({ token }: { token: string }) {
  const claim = useClaimContactMessages();
  const answer = useRef<HTMLDivElement>(null);
  const failure = claim.error
    ? claim.error instanceof ApiError
      ? claim.error.message
      : 'You are offline. Attaching your messages needs the network.'
    : null;
  const outcome = claim.data?.message ?? failure;
  // The answer takes the focus, so that a screen reader reads it and a phone shows it.
  useEffect(() => {
    if (outcome) answer.current?.focus();
  }, [outcome]);
  return (
    <PageContainer>
      <DocumentTitle page="Your messages to us" />
      <Stack gap="md" maw={520} mx="auto">
        <Title order={1}>Your messages to us</Title>
        {claim.data ? (
          <Alert color="green" variant="light" role="status" ref={answer} tabIndex={-1}>
            {claim.data.message}
          </Alert>
        ) : (
          <>
            <Text>
              Messages you sent from the contact page while signed out, with this account’s email address, join your
              account: they are in the copy of your data from then on.
            </Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert" ref={answer} tabIndex={-1}>
                {failure}
              </Alert>
            ) : null}
            {/* A refused link stays refused: only a network failure is worth pressing again. */}
            {claim.error instanceof ApiError ? null : (
              <Button onClick={() => claim.mutate(token)} loading={claim.isPending} disabled={!token} fullWidth>
                Attach my messages
              </Button>
            )}
          </>
        )}
        <Text ta="center">
          <Anchor component={Link} to="/profile">
            Go to my profile
          </Anchor>
        </Text>
      </Stack>
    </PageContainer>
  );
}
