import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { ApiError } from '@/lib/api-client';
import { account_claim_attach } from '@/paraglide/messages/account_claim_attach.js';
import { account_claim_intro } from '@/paraglide/messages/account_claim_intro.js';
import { account_claim_offline } from '@/paraglide/messages/account_claim_offline.js';
import { account_claim_title } from '@/paraglide/messages/account_claim_title.js';
import { account_go_to_profile } from '@/paraglide/messages/account_go_to_profile.js';
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
      : account_claim_offline()
    : null;
  const outcome = claim.data?.message ?? failure;
  // The answer takes the focus, so that a screen reader reads it and a phone shows it.
  useEffect(() => {
    if (outcome) answer.current?.focus();
  }, [outcome]);
  return (
    <PageContainer>
      <DocumentTitle page={account_claim_title()} />
      <Stack gap="md" maw={520} mx="auto">
        <Title order={1}>{account_claim_title()}</Title>
        {claim.data ? (
          <Alert color="green" variant="light" role="status" ref={answer} tabIndex={-1}>
            {claim.data.message}
          </Alert>
        ) : (
          <>
            <Text>{account_claim_intro()}</Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert" ref={answer} tabIndex={-1}>
                {failure}
              </Alert>
            ) : null}
            {/* A refused link stays refused: only a network failure is worth pressing again. */}
            {claim.error instanceof ApiError ? null : (
              <Button onClick={() => claim.mutate(token)} loading={claim.isPending} disabled={!token} fullWidth>
                {account_claim_attach()}
              </Button>
            )}
          </>
        )}
        <Text ta="center">
          <Anchor component={Link} to="/profile">
            {account_go_to_profile()}
          </Anchor>
        </Text>
      </Stack>
    </PageContainer>
  );
}
