import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { guardian_confirm } from '@/paraglide/messages/guardian_confirm.js';
import { guardian_confirmed } from '@/paraglide/messages/guardian_confirmed.js';
import { guardian_confirmed_title } from '@/paraglide/messages/guardian_confirmed_title.js';
import { guardian_consent_title } from '@/paraglide/messages/guardian_consent_title.js';
import { guardian_hello } from '@/paraglide/messages/guardian_hello.js';
import { guardian_link_broken } from '@/paraglide/messages/guardian_link_broken.js';
import { guardian_link_exact } from '@/paraglide/messages/guardian_link_exact.js';
import { guardian_loading } from '@/paraglide/messages/guardian_loading.js';
import { guardian_minor_rules } from '@/paraglide/messages/guardian_minor_rules.js';
import { guardian_not_current } from '@/paraglide/messages/guardian_not_current.js';
import { guardian_offline } from '@/paraglide/messages/guardian_offline.js';
import { guardian_pending } from '@/paraglide/messages/guardian_pending.js';
import { guardian_pending_title } from '@/paraglide/messages/guardian_pending_title.js';
import { guardian_withdraw } from '@/paraglide/messages/guardian_withdraw.js';
import { guardian_withdrawn } from '@/paraglide/messages/guardian_withdrawn.js';
import { guardian_withdrawn_title } from '@/paraglide/messages/guardian_withdrawn_title.js';
import { useConsentDecision, useGuardianConsent } from '../api/guardian-api';
import { withWard } from './with-ward';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : guardian_offline());

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
      <DocumentTitle page={guardian_consent_title()} />
      <Stack gap="md" maw={560}>
        <Title order={1}>{guardian_consent_title()}</Title>
        {token === '' || consent.isError ? (
          <Alert color="red" variant="light" role="alert" title={guardian_link_broken()}>
            {token === '' ? guardian_link_exact() : failureText(consent.error)}
          </Alert>
        ) : !view ? (
          <LoadingState label={guardian_loading()} />
        ) : (
          <>
            <Text>{withWard((ward) => guardian_hello({ name: view.guardian_name, ward }), view.ward)}</Text>
            <Text size="sm">{guardian_minor_rules()}</Text>
            {view.withdrawn_at ? (
              <Alert color="orange" variant="light" role="status" title={guardian_withdrawn_title()}>
                {guardian_withdrawn({ date: formatDateTime(view.withdrawn_at) })}
              </Alert>
            ) : view.confirmed_at ? (
              <Alert color="green" variant="light" role="status" title={guardian_confirmed_title()}>
                {guardian_confirmed({ date: formatDateTime(view.confirmed_at) })}
              </Alert>
            ) : (
              <Alert color="blue" variant="light" role="status" title={guardian_pending_title()}>
                {guardian_pending({ ward: view.ward })}
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
                  // The ward's name makes it long, in Hindi most: it wraps rather than being cut.
                  h="auto"
                  mih={36}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.5 } }}
                  loading={decide.isPending && decide.variables === 'confirm'}
                  onClick={() => decide.mutate('confirm')}
                >
                  {guardian_confirm({ ward: view.ward })}
                </Button>
              ) : null}
              {view.confirmed_at && !view.withdrawn_at ? (
                <Button
                  color="red.9"
                  variant="outline"
                  loading={decide.isPending && decide.variables === 'withdraw'}
                  onClick={() => decide.mutate('withdraw')}
                >
                  {guardian_withdraw()}
                </Button>
              ) : null}
            </Group>
            {!view.current ? (
              <Text size="sm" c="dimmed">
                {guardian_not_current()}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
