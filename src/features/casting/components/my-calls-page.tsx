import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { CallStatus } from '@/contract/casting';
import { plural } from '@/lib/plural';
import { post_call_mine_applicants } from '@/paraglide/messages/post_call_mine_applicants.js';
import { post_call_mine_apply_by } from '@/paraglide/messages/post_call_mine_apply_by.js';
import { post_call_mine_count_one } from '@/paraglide/messages/post_call_mine_count_one.js';
import { post_call_mine_count_other } from '@/paraglide/messages/post_call_mine_count_other.js';
import { post_call_mine_decide } from '@/paraglide/messages/post_call_mine_decide.js';
import { post_call_mine_edit } from '@/paraglide/messages/post_call_mine_edit.js';
import { post_call_mine_load_failed } from '@/paraglide/messages/post_call_mine_load_failed.js';
import { post_call_mine_loading } from '@/paraglide/messages/post_call_mine_loading.js';
import { post_call_mine_my_profile } from '@/paraglide/messages/post_call_mine_my_profile.js';
import { post_call_mine_none_after } from '@/paraglide/messages/post_call_mine_none_after.js';
import { post_call_mine_none_before } from '@/paraglide/messages/post_call_mine_none_before.js';
import { post_call_mine_see_page } from '@/paraglide/messages/post_call_mine_see_page.js';
import { post_call_mine_title } from '@/paraglide/messages/post_call_mine_title.js';
import { post_call_mine_unpublished } from '@/paraglide/messages/post_call_mine_unpublished.js';
import { post_call_mine_unseen } from '@/paraglide/messages/post_call_mine_unseen.js';
import { post_call_post } from '@/paraglide/messages/post_call_post.js';
import { post_call_status_closed } from '@/paraglide/messages/post_call_status_closed.js';
import { post_call_status_pending } from '@/paraglide/messages/post_call_status_pending.js';
import { post_call_status_published } from '@/paraglide/messages/post_call_status_published.js';
import { post_call_status_unpublished } from '@/paraglide/messages/post_call_status_unpublished.js';
import { myCallsQueryOptions } from '../api/casting-queries';
import { formatIndiaTime, placeOf, projectTypeLabels } from './casting-labels';
import classes from './casting.module.css';

// Labels are message functions, read when shown in the page's language.
const callStatusLabels: Record<CallStatus, { label: () => string; color: string }> = {
  pending: { label: post_call_status_pending, color: 'yellow.9' },
  published: { label: post_call_status_published, color: 'teal.9' },
  unpublished: { label: post_call_status_unpublished, color: 'red.9' },
  closed: { label: post_call_status_closed, color: 'gray' },
};

/** `/me/casting-calls`: the calls a production house, studio or casting director posted, with their applicants. */
export function MyCallsPage() {
  const query = useQuery(myCallsQueryOptions());
  // The deadlines as of when the page opened.
  const [openedAt] = useState(() => Date.now());
  return (
    <PageContainer>
      <DocumentTitle page={post_call_mine_title()} />
      <Group justify="space-between" mb="md">
        <Title order={1}>{post_call_mine_title()}</Title>
        <Button renderRoot={(props) => <Link {...props} to="/me/casting-calls/new" />}>{post_call_post()}</Button>
      </Group>
      {query.isPending ? <LoadingState label={post_call_mine_loading()} /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title={post_call_mine_load_failed()}
          what="list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data?.length === 0 ? (
        <Text>
          {post_call_mine_none_before()}
          <Anchor component={Link} to="/my-profile">
            {post_call_mine_my_profile()}
          </Anchor>
          {post_call_mine_none_after()}
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
                  {projectTypeLabels[call.project_type]} · {placeOf(call)} ·{' '}
                  {post_call_mine_apply_by({ date: formatIndiaTime(call.deadline) })}
                </Text>
              </div>
              <Badge color={callStatusLabels[call.status].color}>{callStatusLabels[call.status].label()}</Badge>
            </Group>
            {call.status === 'unpublished' && call.unpublished_reason ? (
              <Alert color="red" variant="light" mt="sm">
                {post_call_mine_unpublished({ reason: call.unpublished_reason })}
              </Alert>
            ) : null}
            {call.status === 'published' && Date.parse(call.deadline) <= openedAt ? (
              <Text size="sm" mt="xs">
                {post_call_mine_decide({
                  deadline: formatIndiaTime(call.deadline),
                  closes: formatIndiaTime(call.closes_at),
                })}
              </Text>
            ) : null}
            <Text size="sm" mt="xs">
              {plural(call.applications, { one: post_call_mine_count_one, other: post_call_mine_count_other })}
              {call.unseen > 0 ? post_call_mine_unseen({ count: call.unseen }) : ''}
            </Text>
            <Group gap="sm" mt="sm">
              <Button
                size="xs"
                renderRoot={(props) => (
                  <Link {...props} to="/me/casting-calls/$callId" params={{ callId: String(call.id) }} />
                )}
              >
                {post_call_mine_applicants()}
              </Button>
              {call.status !== 'closed' ? (
                <Button
                  size="xs"
                  variant="light"
                  renderRoot={(props) => (
                    <Link {...props} to="/me/casting-calls/$callId/edit" params={{ callId: String(call.id) }} />
                  )}
                >
                  {post_call_mine_edit()}
                </Button>
              ) : null}
              <Anchor
                renderRoot={(props) => <Link {...props} to="/auditions/$callId" params={{ callId: String(call.id) }} />}
                size="sm"
              >
                {post_call_mine_see_page()}
              </Anchor>
            </Group>
          </article>
        ))}
      </Stack>
    </PageContainer>
  );
}
