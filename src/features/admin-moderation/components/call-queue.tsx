import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationCallListResponseSchema, type ModerationCall } from '@/contract/casting';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';

const CALLS_PER_PAGE = 20;

const callReportLabels: Record<string, string> = {
  asks_for_money: 'Asks for money',
  fake: 'Looks fake',
  inappropriate: 'Inappropriate content',
};

function CallItem({ call, queue }: { call: ModerationCall; queue: 'pending' | 'reported' }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'publish' | 'unpublish' | 'dismiss-reports') =>
      adminRequest(`/moderation/casting-calls/${call.id}/${action}`, {
        method: 'POST',
        // Publishing needs no reason, but the audit log keeps one given.
        body: action === 'publish' && reason.trim() === '' ? {} : { reason },
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('moderation') }),
  });
  const error =
    decide.error instanceof ApiError
      ? decide.error.message
      : decide.error
        ? 'The decision was not sent: check the connection and try again.'
        : null;
  return (
    <Card component="li" withBorder padding="sm">
      <Group gap="xs">
        <Badge color={queue === 'pending' ? 'blue' : 'red'} variant="light">
          {queue === 'pending' ? 'Casting call to publish' : 'Reported casting call'}
        </Badge>
        {call.poster.verified ? (
          <Badge color="teal.9" variant="filled">
            Verified poster
          </Badge>
        ) : null}
        {call.poster_hidden ? (
          <Badge color="red.9" variant="filled">
            Poster hidden by a moderator
          </Badge>
        ) : null}
        {call.poster_held ? (
          <Badge color="orange.9" variant="filled">
            Poster held for review
          </Badge>
        ) : null}
      </Group>
      <Anchor
        fw={600}
        renderRoot={(props) => (
          <Link {...props} to="/auditions/$callId" params={{ callId: String(call.id) }} target="_blank" />
        )}
      >
        {call.title}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        by {call.poster.display_name} (@{call.poster.handle})
      </Text>
      <Text fz="xs" c="dimmed">
        Posted {formatDateTime(call.created_at)} · {call.roles.length} {call.roles.length === 1 ? 'role' : 'roles'}
      </Text>
      <Text mt="xs" size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {call.description}
      </Text>
      {call.reports.map((report, index) => (
        <Text key={index} mt="xs" size="sm">
          <strong>{callReportLabels[report.reason] ?? report.reason}</strong>
          {report.details ? `: ${report.details}` : ''}
        </Text>
      ))}
      {call.poster_hidden ? (
        <Text mt="xs" size="sm" c="red">
          Its poster’s profile is hidden, so it cannot be published until a moderator shows the profile again.
        </Text>
      ) : null}
      {call.poster_held ? (
        <Text mt="xs" size="sm" c="red">
          Its poster’s profile is held for review, so it cannot be published until a moderator approves the profile.
        </Text>
      ) : null}
      <TextInput
        mt="sm"
        label="Reason (the poster sees it when the call is unpublished; the history keeps it)"
        placeholder="Asks applicants for a registration fee"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={error}
      />
      <Group gap="xs" mt="xs">
        {queue === 'pending' && !call.poster_hidden && !call.poster_held ? (
          <Button
            size="xs"
            loading={decide.isPending && decide.variables === 'publish'}
            onClick={() => decide.mutate('publish')}
          >
            Publish
          </Button>
        ) : null}
        <Button
          size="xs"
          color="red"
          variant={queue === 'pending' ? 'subtle' : 'filled'}
          loading={decide.isPending && decide.variables === 'unpublish'}
          onClick={() => decide.mutate('unpublish')}
        >
          Unpublish
        </Button>
        {queue === 'reported' ? (
          <Button
            size="xs"
            variant="default"
            loading={decide.isPending && decide.variables === 'dismiss-reports'}
            onClick={() => decide.mutate('dismiss-reports')}
          >
            {call.reports.length === 1 ? 'Dismiss report' : 'Dismiss reports'}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/** Casting calls waiting for a moderator (an unverified poster's), or reported: publish or unpublish with a reason. */
export function CallQueue({
  queue,
  page,
  onPage,
}: {
  queue: 'pending' | 'reported';
  page: number;
  onPage: (page: number) => void;
}) {
  const filters = { queue, page };
  const query = useQuery({
    queryKey: adminKeys.list('moderation', { calls: true, ...filters }),
    queryFn: ({ signal }) =>
      adminRequest(`/moderation/casting-calls${listQuery({ ...filters, per_page: CALLS_PER_PAGE })}`, {
        schema: moderationCallListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / CALLS_PER_PAGE) : 0;
  return (
    <>
      <ListStates
        query={query}
        what="queue"
        isEmpty={(data) => data.data.length === 0}
        empty="No casting call waits for a decision."
      >
        {(data) => (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={queue === 'pending' ? 'Casting calls' : 'Reported casting calls'}
          >
            {data.data.map((call) => (
              <CallItem key={call.id} call={call} queue={queue} />
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={page} onChange={onPage} />
    </>
  );
}
