import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationQueueResponseSchema, type ModerationItem } from '@/contract/profiles';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { focusFirstError } from '@/lib/form-errors';
import { listQuery } from '@/lib/list-query';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';
import { CallQueue } from './call-queue';

const ITEMS_PER_PAGE = 20;

export type ModerationKind = 'verification' | 'report' | 'calls' | 'reported-calls';

export interface ModerationFilters {
  page: number;
  kind?: ModerationKind;
}

type Decision = 'verify' | 'refuse' | 'hide';

const reportReasonLabels: Record<string, string> = {
  fake: 'A fake profile',
  impersonation: 'Pretends to be someone else',
  inappropriate: 'Inappropriate content',
};

function QueueItem({ item }: { item: ModerationItem }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      adminRequest(`/moderation/profiles/${encodeURIComponent(item.handle)}/${decision}`, {
        method: 'POST',
        body: { reason },
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
  const isRequest = item.kind === 'verification';
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="xs">
            <Badge color={isRequest ? 'blue' : 'red'} variant="light">
              {isRequest ? 'Verification request' : 'Report'}
            </Badge>
            {item.verified ? (
              <Badge color="teal.9" variant="filled">
                Verified
              </Badge>
            ) : null}
          </Group>
          <Anchor
            fw={600}
            renderRoot={(props) => (
              <Link {...props} to="/profiles/$handle" params={{ handle: item.handle }} target="_blank" />
            )}
          >
            {item.display_name}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            @{item.handle} · {item.category}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.created_at)}
          </Text>
        </div>
      </Group>
      {item.reason ? <Text mt="xs">{reportReasonLabels[item.reason] ?? item.reason}</Text> : null}
      {item.details ? (
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {item.details}
        </Text>
      ) : null}
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <TextInput
          mt="sm"
          label={isRequest ? 'Reason (the badge shows it when verified; the member sees it when refused)' : 'Reason'}
          placeholder={isRequest ? 'Union membership checked' : 'Impersonates a production house'}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
        />
        <Group gap="xs" mt="xs">
          {isRequest ? (
            <>
              <Button
                size="xs"
                loading={decide.isPending && decide.variables === 'verify'}
                onClick={() => decide.mutate('verify')}
              >
                Verify
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={decide.isPending && decide.variables === 'refuse'}
                onClick={() => decide.mutate('refuse')}
              >
                Refuse
              </Button>
            </>
          ) : null}
          <Button
            size="xs"
            color="red"
            variant={isRequest ? 'subtle' : 'filled'}
            loading={decide.isPending && decide.variables === 'hide'}
            onClick={() => decide.mutate('hide')}
          >
            Hide profile
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** The member network's queue: verification requests and reports, oldest first, each decided with a reason. */
export function ModerationPage({
  filters,
  onChange,
}: {
  filters: ModerationFilters;
  onChange: (next: ModerationFilters) => void;
}) {
  const showsCalls = filters.kind === 'calls' || filters.kind === 'reported-calls';
  const query = useQuery({
    enabled: !showsCalls,
    queryKey: adminKeys.list('moderation', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/moderation/queue${listQuery({ ...filters, per_page: ITEMS_PER_PAGE })}`, {
        schema: moderationQueueResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / ITEMS_PER_PAGE) : 0;
  return (
    <AdminPage title="Moderation">
      <SegmentedControl
        aria-label="Show"
        size="xs"
        data={[
          { value: 'all', label: 'All' },
          { value: 'verification', label: 'Verification requests' },
          { value: 'report', label: 'Reports' },
          { value: 'calls', label: 'Calls to publish' },
          { value: 'reported-calls', label: 'Reported calls' },
        ]}
        value={filters.kind ?? 'all'}
        onChange={(value) => onChange({ page: 1, kind: value === 'all' ? undefined : (value as ModerationKind) })}
      />
      {filters.kind === 'calls' || filters.kind === 'reported-calls' ? (
        <CallQueue
          queue={filters.kind === 'calls' ? 'pending' : 'reported'}
          page={filters.page}
          onPage={(page) => onChange({ ...filters, page })}
        />
      ) : (
        <>
          <ListStates
            query={query}
            what="queue"
            isEmpty={(data) => data.data.length === 0}
            empty="Nothing waits for a decision."
          >
            {(data) => (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Queue">
                {data.data.map((item) => (
                  <QueueItem key={`${item.kind}-${item.id}`} item={item} />
                ))}
              </Stack>
            )}
          </ListStates>
          <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
        </>
      )}
    </AdminPage>
  );
}
