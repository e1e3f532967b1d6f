import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { useConsentDecision, useGuardianConsent } from '../api/guardian-api';

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'You seem to be offline. This page needs the network: try again.';

/**
 * `/guardian#token`: the page of the link mailed to a minor's guardian. The guardian confirms the profile (consent is
 * recorded then), or withdraws consent later by the same link. No account is needed.
 */
export function GuardianConsentPage({ token }: { token: string }) {
  const consent = useGuardianConsent(token);
  const decide = useConsentDecision(token);
  const view = consent.data;
  return (
    <PageContainer>
      <DocumentTitle page="Guardian’s consent" />
      <Stack gap="md" maw={560}>
        <Title order={1}>Guardian’s consent</Title>
        {token === '' || consent.isError ? (
          <Alert color="red" variant="light" role="alert" title="This link does not work">
            {token === '' ? 'Open the link exactly as it is in the mail we sent you.' : failureText(consent.error)}
          </Alert>
        ) : !view ? (
          <LoadingState label="Loading" />
        ) : (
          <>
            <Text>
              Hello {view.guardian_name}. <strong>{view.ward}</strong> has made a profile on CineVerse, a network of the
              Indian film industry, and named you as their parent or guardian.
            </Text>
            <Text size="sm">
              A member under 18 is never shown in public or in search. With your consent they may apply to casting
              calls; the people who post those calls write to you, never to them, and you answer by the link in their
              mail.
            </Text>
            {view.withdrawn_at ? (
              <Alert color="orange" variant="light" role="status" title="Consent withdrawn">
                You withdrew your consent on {formatDateTime(view.withdrawn_at)}. The profile is hidden and its
                applications are withdrawn.
              </Alert>
            ) : view.confirmed_at ? (
              <Alert color="green" variant="light" role="status" title="Confirmed">
                You confirmed on {formatDateTime(view.confirmed_at)}. Keep the mail: this page lets you withdraw at any
                time.
              </Alert>
            ) : (
              <Alert color="blue" variant="light" role="status" title="Not confirmed yet">
                Until you confirm, {view.ward} cannot apply to casting calls and receives nothing.
              </Alert>
            )}
            {decide.error ? (
              <Alert color="red" variant="light" role="alert">
                {failureText(decide.error)}
              </Alert>
            ) : null}
            <Group gap="sm">
              {view.current && (!view.confirmed_at || view.withdrawn_at) ? (
                <Button
                  loading={decide.isPending && decide.variables === 'confirm'}
                  onClick={() => decide.mutate('confirm')}
                >
                  I confirm, as {view.ward}’s guardian
                </Button>
              ) : null}
              {view.confirmed_at && !view.withdrawn_at ? (
                <Button
                  color="red.9"
                  variant="outline"
                  loading={decide.isPending && decide.variables === 'withdraw'}
                  onClick={() => decide.mutate('withdraw')}
                >
                  Withdraw my consent
                </Button>
              ) : null}
            </Group>
            {!view.current ? (
              <Text size="sm" c="dimmed">
                Another guardian address was given since this mail: this link can no longer confirm.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
