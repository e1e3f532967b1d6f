import { Alert, Anchor, Badge, Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { withdrawableStatuses, type MyApplication } from '@/contract/casting';
import { ApiError } from '@/lib/api-client';
import { useOwnerEntries } from '@/offline/use-outbox';
import { applicationOutbox, type QueuedApplication } from '../api/application-outbox';
import { useTransition, useWithdraw } from '../api/casting-mutations';
import { callQueryOptions, myApplicationsQueryOptions, savedCallsQueryOptions } from '../api/casting-queries';
import { forgetUnsentNote, useUnsentNotes } from '../api/unsent-notes';
import { CallCardView } from './auditions-page';
import { formatIndiaTime, statusColors, statusLabels } from './casting-labels';
import classes from './casting.module.css';

function ApplicationCard({ application }: { application: MyApplication }) {
  const withdraw = useWithdraw();
  const answer = useTransition();
  const error = withdraw.error ?? answer.error;
  const callback = application.callback;
  return (
    <article className={classes.card} aria-label={`${application.role_name} in ${application.call_title}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {/* A call whose poster left is no longer on CineVerse: its title stays, without a link to a 404. */}
            {application.poster ? (
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/auditions/$callId" params={{ callId: String(application.call_id) }} />
                )}
              >
                {application.call_title}
              </Anchor>
            ) : (
              application.call_title
            )}
          </Title>
          <Text size="sm">
            {application.role_name} ·{' '}
            {application.poster ? `by ${application.poster.display_name}` : 'its poster has left CineVerse'}
          </Text>
        </div>
        <Badge color={statusColors[application.status]} data-testid="application-status">
          {statusLabels[application.status]}
        </Badge>
      </Group>
      {application.status === 'callback' && callback ? (
        <Alert color="orange" variant="light" mt="sm" title="Callback">
          <Text size="sm">
            {formatIndiaTime(callback.at)} at {callback.place}
          </Text>
          {callback.answer ? (
            <Text size="sm" mt={4}>
              You {callback.answer} it.
            </Text>
          ) : (
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                loading={answer.isPending && answer.variables?.callback_answer === 'accepted'}
                onClick={() => answer.mutate({ id: application.id, callback_answer: 'accepted' })}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={answer.isPending && answer.variables?.callback_answer === 'declined'}
                onClick={() => answer.mutate({ id: application.id, callback_answer: 'declined' })}
              >
                Decline
              </Button>
            </Group>
          )}
        </Alert>
      ) : null}
      {application.note ? (
        <Text size="sm" mt="xs" c="dimmed">
          Your note: {application.note}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {error instanceof ApiError ? error.message : 'You are offline: try again when connected.'}
        </Text>
      ) : null}
      {withdrawableStatuses.includes(application.status) ? (
        <Button
          mt="sm"
          size="xs"
          variant="subtle"
          color="red"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate(application.id)}
        >
          Withdraw
        </Button>
      ) : null}
    </article>
  );
}

/** Notes of applications refused after waiting offline (the deadline passed): kept here to copy. */
function UnsentNotes() {
  const notes = useUnsentNotes();
  if (notes.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg">
      {notes.map((note) => (
        <Alert key={note.at} color="red" variant="light" title={`Not sent: ${note.roleName} in ${note.callTitle}`}>
          <Text size="sm">{note.reason}</Text>
          {note.note ? (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
              Your note: {note.note}
            </Text>
          ) : null}
          <Group gap="xs" mt="xs">
            {note.note ? (
              <CopyButton value={note.note}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy note'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
            <Button size="xs" variant="subtle" onClick={() => forgetUnsentNote(note.at)}>
              Dismiss
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

function SavedCalls() {
  const saved = useQuery(savedCallsQueryOptions());
  const queryClient = useQueryClient();
  // A saved call opens offline: its page is fetched (and kept on the device) with the list.
  useEffect(() => {
    for (const call of saved.data ?? []) void queryClient.prefetchQuery(callQueryOptions(call.id));
  }, [saved.data, queryClient]);
  if (!saved.data || saved.data.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="saved-heading">
      <Title order={2} size="h3" id="saved-heading" mb="sm">
        Saved calls
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {saved.data.map((call) => (
          <CallCardView key={call.id} call={call} />
        ))}
      </SimpleGrid>
    </section>
  );
}

/** `/me/applications`: where each application stands, callbacks to answer, waiting and unsent ones, saved calls. */
export function MyApplicationsPage() {
  const query = useQuery(myApplicationsQueryOptions());
  const waiting = useOwnerEntries(applicationOutbox).map((entry) => entry.payload as QueuedApplication);
  return (
    <PageContainer>
      <DocumentTitle page="My applications" />
      <Title order={1} mb="md">
        My applications
      </Title>
      <UnsentNotes />
      {waiting.length > 0 ? (
        <Alert color="yellow" variant="light" mb="md" role="status" title="Waiting to be sent">
          {waiting.map((application) => `${application.roleName} in ${application.callTitle}`).join('; ')}: saved on
          this device, sent once you are back online.
        </Alert>
      ) : null}
      {query.isPending ? <LoadingState label="Loading your applications" /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title="Your applications could not be loaded"
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? (
        query.data.length === 0 ? (
          <Text>
            You have not applied to a casting call yet.{' '}
            <Anchor component={Link} to="/auditions">
              Find auditions
            </Anchor>
          </Text>
        ) : (
          <Stack gap="md">
            {query.data.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </Stack>
        )
      ) : null}
      <SavedCalls />
    </PageContainer>
  );
}
