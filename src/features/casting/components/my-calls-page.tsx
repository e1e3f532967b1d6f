import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { CallStatus } from '@/contract/casting';
import { myCallsQueryOptions } from '../api/casting-queries';
import { formatIndiaTime, placeOf, projectTypeLabels } from './casting-labels';
import classes from './casting.module.css';

const callStatusLabels: Record<CallStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting for a moderator', color: 'yellow.9' },
  published: { label: 'Published', color: 'teal.9' },
  unpublished: { label: 'Unpublished', color: 'red.9' },
  closed: { label: 'Closed', color: 'gray' },
};

/** `/me/casting-calls`: the calls a production house, studio or casting director posted, with their applicants. */
export function MyCallsPage() {
  const query = useQuery(myCallsQueryOptions());
  // The deadlines as of when the page opened.
  const [openedAt] = useState(() => Date.now());
  return (
    <PageContainer>
      <DocumentTitle page="My casting calls" />
      <Group justify="space-between" mb="md">
        <Title order={1}>My casting calls</Title>
        <Button renderRoot={(props) => <Link {...props} to="/me/casting-calls/new" />}>Post a casting call</Button>
      </Group>
      {query.isPending ? <LoadingState label="Loading your calls" /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title="Your calls could not be loaded"
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data?.length === 0 ? (
        <Text>
          You have not posted a call yet. Production houses, studios and casting directors post calls; set up such a
          profile under{' '}
          <Anchor component={Link} to="/my-profile">
            My profile
          </Anchor>{' '}
          first.
        </Text>
      ) : null}
      <Stack gap="md">
        {query.data?.map((call) => (
          <article key={call.id} className={classes.card} aria-label={call.title}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={2} size="h4">
                  {call.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {projectTypeLabels[call.project_type]} · {placeOf(call)} · apply by {formatIndiaTime(call.deadline)}
                </Text>
              </div>
              <Badge color={callStatusLabels[call.status].color}>{callStatusLabels[call.status].label}</Badge>
            </Group>
            {call.status === 'unpublished' && call.unpublished_reason ? (
              <Alert color="red" variant="light" mt="sm">
                A moderator unpublished it: {call.unpublished_reason}. Edit it and it goes back to them.
              </Alert>
            ) : null}
            {call.status === 'published' && Date.parse(call.deadline) <= openedAt ? (
              <Text size="sm" mt="xs">
                Applications closed on {formatIndiaTime(call.deadline)}. Decide by {formatIndiaTime(call.closes_at)}:
                roles still open then are closed, and everyone still waiting is told &ldquo;not selected&rdquo;.
              </Text>
            ) : null}
            <Text size="sm" mt="xs">
              {call.applications === 1 ? '1 application' : `${call.applications} applications`}
              {call.unseen > 0 ? `, ${call.unseen} not yet viewed` : ''}
            </Text>
            <Group gap="sm" mt="sm">
              <Button
                size="xs"
                renderRoot={(props) => (
                  <Link {...props} to="/me/casting-calls/$callId" params={{ callId: String(call.id) }} />
                )}
              >
                Applicants
              </Button>
              {call.status !== 'closed' ? (
                <Button
                  size="xs"
                  variant="light"
                  renderRoot={(props) => (
                    <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(call.id) }} />
                  )}
                >
                  Edit
                </Button>
              ) : null}
              <Anchor
                renderRoot={(props) => <Link {...props} to="/auditions/$callId" params={{ callId: String(call.id) }} />}
                size="sm"
              >
                See its page
              </Anchor>
            </Group>
          </article>
        ))}
      </Stack>
    </PageContainer>
  );
}
