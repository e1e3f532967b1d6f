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
import { applications_accept } from '@/paraglide/messages/applications_accept.js';
import { applications_by } from '@/paraglide/messages/applications_by.js';
import { applications_callback } from '@/paraglide/messages/applications_callback.js';
import { applications_callback_at } from '@/paraglide/messages/applications_callback_at.js';
import { applications_card_label } from '@/paraglide/messages/applications_card_label.js';
import { applications_copied } from '@/paraglide/messages/applications_copied.js';
import { applications_copy_note } from '@/paraglide/messages/applications_copy_note.js';
import { applications_decline } from '@/paraglide/messages/applications_decline.js';
import { applications_dismiss } from '@/paraglide/messages/applications_dismiss.js';
import { applications_find } from '@/paraglide/messages/applications_find.js';
import { applications_load_failed } from '@/paraglide/messages/applications_load_failed.js';
import { applications_loading } from '@/paraglide/messages/applications_loading.js';
import { applications_none } from '@/paraglide/messages/applications_none.js';
import { applications_not_sent } from '@/paraglide/messages/applications_not_sent.js';
import { applications_offline } from '@/paraglide/messages/applications_offline.js';
import { applications_poster_left } from '@/paraglide/messages/applications_poster_left.js';
import { applications_saved_calls } from '@/paraglide/messages/applications_saved_calls.js';
import { applications_title } from '@/paraglide/messages/applications_title.js';
import { applications_waiting } from '@/paraglide/messages/applications_waiting.js';
import { applications_waiting_title } from '@/paraglide/messages/applications_waiting_title.js';
import { applications_withdraw } from '@/paraglide/messages/applications_withdraw.js';
import { applications_you_accepted } from '@/paraglide/messages/applications_you_accepted.js';
import { applications_you_declined } from '@/paraglide/messages/applications_you_declined.js';
import { applications_your_note } from '@/paraglide/messages/applications_your_note.js';
import { applicationOutbox, type QueuedApplication } from '../api/application-outbox';
import { myCallbacksQueryOptions } from '../api/callback-api';
import { useTransition, useWithdraw } from '../api/casting-mutations';
import { callQueryOptions, myApplicationsQueryOptions, savedCallsQueryOptions } from '../api/casting-queries';
import { forgetUnsentNote, useUnsentNotes } from '../api/unsent-notes';
import { CallCardView } from './auditions-page';
import { CallbackPicker } from './callback-picker';
import { formatIndiaTime, statusColors, statusLabels } from './casting-labels';
import classes from './casting.module.css';
import { TapeRequestAnswer } from './tape-request-answer';
import { TapeUploadStatus } from './tape-upload-status';

function ApplicationCard({ application }: { application: MyApplication }) {
  const withdraw = useWithdraw();
  const answer = useTransition();
  const error = withdraw.error ?? answer.error;
  const callback = application.callback;
  // The slots offered for a callback, if the poster offered some (one request for every card).
  const offered = useQuery(myCallbacksQueryOptions()).data?.find((item) => item.application_id === application.id);
  return (
    <article
      className={classes.card}
      aria-label={applications_card_label({ role: application.role_name, call: application.call_title })}
    >
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
            {application.poster
              ? applications_by({ name: application.poster.display_name })
              : applications_poster_left()}
          </Text>
        </div>
        <Badge color={statusColors[application.status]} data-testid="application-status">
          {statusLabels[application.status]}
        </Badge>
      </Group>
      {application.status === 'callback' && offered ? (
        <CallbackPicker callback={offered} />
      ) : application.status === 'callback' && callback ? (
        <Alert color="orange.9" variant="light" mt="sm" title={applications_callback()}>
          <Text size="sm">
            {applications_callback_at({ time: formatIndiaTime(callback.at), place: callback.place })}
          </Text>
          {callback.answer ? (
            <Text size="sm" mt={4}>
              {callback.answer === 'accepted' ? applications_you_accepted() : applications_you_declined()}
            </Text>
          ) : (
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                loading={answer.isPending && answer.variables?.callback_answer === 'accepted'}
                onClick={() => answer.mutate({ id: application.id, callback_answer: 'accepted' })}
              >
                {applications_accept()}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={answer.isPending && answer.variables?.callback_answer === 'declined'}
                onClick={() => answer.mutate({ id: application.id, callback_answer: 'declined' })}
              >
                {applications_decline()}
              </Button>
            </Group>
          )}
        </Alert>
      ) : null}
      {application.tape_request &&
      application.self_tape_id === null &&
      withdrawableStatuses.includes(application.status) ? (
        <TapeRequestAnswer application={application} />
      ) : null}
      {application.note ? (
        <Text size="sm" mt="xs" c="dimmed">
          {applications_your_note({ note: application.note })}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {error instanceof ApiError ? error.message : applications_offline()}
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
          {applications_withdraw()}
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
        <Alert
          key={note.at}
          color="red"
          variant="light"
          title={applications_not_sent({ role: note.roleName, call: note.callTitle })}
        >
          <Text size="sm">{note.reason}</Text>
          {note.note ? (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
              {applications_your_note({ note: note.note })}
            </Text>
          ) : null}
          <Group gap="xs" mt="xs">
            {note.note ? (
              <CopyButton value={note.note}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? applications_copied() : applications_copy_note()}
                  </Button>
                )}
              </CopyButton>
            ) : null}
            <Button size="xs" variant="subtle" onClick={() => forgetUnsentNote(note.at)}>
              {applications_dismiss()}
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
        {applications_saved_calls()}
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
      <DocumentTitle page={applications_title()} />
      <Title order={1} mb="md">
        {applications_title()}
      </Title>
      <UnsentNotes />
      {waiting.length > 0 ? (
        <Alert color="yellow" variant="light" mb="md" role="status" title={applications_waiting_title()}>
          {applications_waiting({
            list: waiting
              .map((application) =>
                applications_card_label({ role: application.roleName, call: application.callTitle }),
              )
              .join('; '),
          })}
          <TapeUploadStatus />
        </Alert>
      ) : null}
      {query.isPending ? <LoadingState label={applications_loading()} /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title={applications_load_failed()}
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? (
        query.data.length === 0 ? (
          <Text>
            {applications_none()}{' '}
            <Anchor component={Link} to="/auditions">
              {applications_find()}
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
