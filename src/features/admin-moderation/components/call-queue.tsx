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
import { plural } from '@/lib/plural';
import { moderation_call_badge_pending } from '@/paraglide/messages/moderation_call_badge_pending.js';
import { moderation_call_badge_reported } from '@/paraglide/messages/moderation_call_badge_reported.js';
import { moderation_call_by } from '@/paraglide/messages/moderation_call_by.js';
import { moderation_call_held_text } from '@/paraglide/messages/moderation_call_held_text.js';
import { moderation_call_hidden_text } from '@/paraglide/messages/moderation_call_hidden_text.js';
import { moderation_call_posted } from '@/paraglide/messages/moderation_call_posted.js';
import { moderation_call_reason } from '@/paraglide/messages/moderation_call_reason.js';
import { moderation_call_reason_placeholder } from '@/paraglide/messages/moderation_call_reason_placeholder.js';
import { moderation_call_report_fake } from '@/paraglide/messages/moderation_call_report_fake.js';
import { moderation_call_report_money } from '@/paraglide/messages/moderation_call_report_money.js';
import { moderation_call_roles_one } from '@/paraglide/messages/moderation_call_roles_one.js';
import { moderation_call_roles_other } from '@/paraglide/messages/moderation_call_roles_other.js';
import { moderation_calls_empty } from '@/paraglide/messages/moderation_calls_empty.js';
import { moderation_calls_label } from '@/paraglide/messages/moderation_calls_label.js';
import { moderation_dismiss_reports_one } from '@/paraglide/messages/moderation_dismiss_reports_one.js';
import { moderation_dismiss_reports_other } from '@/paraglide/messages/moderation_dismiss_reports_other.js';
import { moderation_not_sent } from '@/paraglide/messages/moderation_not_sent.js';
import { moderation_poster_held } from '@/paraglide/messages/moderation_poster_held.js';
import { moderation_poster_hidden } from '@/paraglide/messages/moderation_poster_hidden.js';
import { moderation_publish } from '@/paraglide/messages/moderation_publish.js';
import { moderation_queue_what } from '@/paraglide/messages/moderation_queue_what.js';
import { moderation_report_inappropriate } from '@/paraglide/messages/moderation_report_inappropriate.js';
import { moderation_reported_calls_label } from '@/paraglide/messages/moderation_reported_calls_label.js';
import { moderation_unpublish } from '@/paraglide/messages/moderation_unpublish.js';
import { moderation_verified_poster } from '@/paraglide/messages/moderation_verified_poster.js';

const CALLS_PER_PAGE = 20;

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
const callReportLabels: Record<string, () => string> = {
  asks_for_money: () => moderation_call_report_money(),
  fake: () => moderation_call_report_fake(),
  inappropriate: () => moderation_report_inappropriate(),
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
  const error = decide.error instanceof ApiError ? decide.error.message : decide.error ? moderation_not_sent() : null;
  return (
    <Card component="li" withBorder padding="sm">
      <Group gap="xs">
        <Badge color={queue === 'pending' ? 'blue' : 'red'} variant="light">
          {queue === 'pending' ? moderation_call_badge_pending() : moderation_call_badge_reported()}
        </Badge>
        {call.poster.verified ? (
          <Badge color="teal.9" variant="filled">
            {moderation_verified_poster()}
          </Badge>
        ) : null}
        {call.poster_hidden ? (
          <Badge color="red.9" variant="filled">
            {moderation_poster_hidden()}
          </Badge>
        ) : null}
        {call.poster_held ? (
          <Badge color="orange.9" variant="filled">
            {moderation_poster_held()}
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
        {moderation_call_by({ name: call.poster.display_name, handle: call.poster.handle })}
      </Text>
      <Text fz="xs" c="dimmed">
        {moderation_call_posted({ date: formatDateTime(call.created_at) })} ·{' '}
        {plural(call.roles.length, { one: moderation_call_roles_one, other: moderation_call_roles_other })}
      </Text>
      <Text mt="xs" size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {call.description}
      </Text>
      {call.reports.map((report, index) => (
        <Text key={index} mt="xs" size="sm">
          <strong>{callReportLabels[report.reason]?.() ?? report.reason}</strong>
          {report.details ? `: ${report.details}` : ''}
        </Text>
      ))}
      {call.poster_hidden ? (
        <Text mt="xs" size="sm" c="red">
          {moderation_call_hidden_text()}
        </Text>
      ) : null}
      {call.poster_held ? (
        <Text mt="xs" size="sm" c="red">
          {moderation_call_held_text()}
        </Text>
      ) : null}
      <TextInput
        mt="sm"
        label={moderation_call_reason()}
        placeholder={moderation_call_reason_placeholder()}
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
            {moderation_publish()}
          </Button>
        ) : null}
        <Button
          size="xs"
          color="red"
          variant={queue === 'pending' ? 'subtle' : 'filled'}
          loading={decide.isPending && decide.variables === 'unpublish'}
          onClick={() => decide.mutate('unpublish')}
        >
          {moderation_unpublish()}
        </Button>
        {queue === 'reported' ? (
          <Button
            size="xs"
            variant="default"
            loading={decide.isPending && decide.variables === 'dismiss-reports'}
            onClick={() => decide.mutate('dismiss-reports')}
          >
            {plural(call.reports.length, {
              one: moderation_dismiss_reports_one,
              other: moderation_dismiss_reports_other,
            })}
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
        what={moderation_queue_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={moderation_calls_empty()}
      >
        {(data) => (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={queue === 'pending' ? moderation_calls_label() : moderation_reported_calls_label()}
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
