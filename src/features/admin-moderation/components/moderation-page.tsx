import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationCountsSchema, type ModerationCounts } from '@/contract/moderation';
import { moderationQueueResponseSchema, type ModerationItem } from '@/contract/profiles';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { focusFirstError } from '@/lib/form-errors';
import { listQuery } from '@/lib/list-query';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';
import { CallQueue } from './call-queue';
import { ModerationHistory } from './moderation-history';

const ITEMS_PER_PAGE = 20;

export type ModerationKind = 'verification' | 'report' | 'held' | 'calls' | 'reported-calls' | 'history';

export interface ModerationFilters {
  page: number;
  kind?: ModerationKind;
}

type Decision = 'verify' | 'refuse' | 'hide' | 'approve' | 'dismiss';

/** The queue's tabs, each with the count it shows (none for the history). */
const tabs: { value: 'all' | ModerationKind; label: string; count?: keyof ModerationCounts }[] = [
  { value: 'all', label: 'All', count: 'all' },
  { value: 'verification', label: 'Verification requests', count: 'verification' },
  { value: 'report', label: 'Reports', count: 'report' },
  { value: 'held', label: 'New organisations', count: 'held' },
  { value: 'calls', label: 'Calls to publish', count: 'calls' },
  { value: 'reported-calls', label: 'Reported calls', count: 'reported_calls' },
  { value: 'history', label: 'History' },
];

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
      adminRequest(
        decision === 'dismiss'
          ? `/moderation/reports/${item.id}/dismiss`
          : `/moderation/profiles/${encodeURIComponent(item.handle)}/${decision}`,
        {
          method: 'POST',
          body: { reason },
          idempotencyKey: newIdempotencyKey(),
          schema: messageResponseSchema,
        },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('moderation') }),
  });
  const error =
    decide.error instanceof ApiError
      ? decide.error.message
      : decide.error
        ? 'The decision was not sent: check the connection and try again.'
        : null;
  const isRequest = item.kind === 'verification';
  const isHeld = item.kind === 'held';
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="xs">
            <Badge color={isRequest ? 'blue' : isHeld ? 'yellow' : 'red'} variant="light">
              {isRequest ? 'Verification request' : isHeld ? 'New organisation, not listed yet' : 'Report'}
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
          {isHeld ? <strong>Held: </strong> : null}
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
          label={
            isRequest
              ? 'Reason (the badge shows it when verified; the member sees it when refused)'
              : isHeld
                ? 'Reason (the member sees it)'
                : 'Reason (the history shows it; the member sees it when hidden)'
          }
          placeholder={
            isRequest
              ? 'Union membership checked'
              : isHeld
                ? 'A registered production house'
                : 'Impersonates a production house'
          }
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
          {isHeld ? (
            <Button
              size="xs"
              loading={decide.isPending && decide.variables === 'approve'}
              onClick={() => decide.mutate('approve')}
            >
              Approve and list
            </Button>
          ) : null}
          {item.kind === 'report' ? (
            <Button
              size="xs"
              variant="default"
              loading={decide.isPending && decide.variables === 'dismiss'}
              onClick={() => decide.mutate('dismiss')}
            >
              Dismiss report
            </Button>
          ) : null}
          <Button
            size="xs"
            color="red"
            variant={item.kind === 'report' ? 'filled' : 'subtle'}
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

/** The profiles part of the queue: requests, reports and held organisations of `kind` (all of them without one). */
function ProfileQueue({
  filters,
  onChange,
}: {
  filters: ModerationFilters;
  onChange: (next: ModerationFilters) => void;
}) {
  const query = useQuery({
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
    <>
      <ListStates
        query={query}
        what="queue"
        isEmpty={(data) => data.data.length === 0}
        empty={filters.kind ? 'Nothing waits for a decision.' : 'No profile waits for a decision.'}
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
  );
}

/**
 * The member network's queue: verification requests, reports, held organisations and casting calls, oldest first,
 * each decided with a reason; each tab shows how many wait in it, and the history shows what was decided and why.
 */
export function ModerationPage({
  filters,
  onChange,
}: {
  filters: ModerationFilters;
  onChange: (next: ModerationFilters) => void;
}) {
  const counts = useQuery({
    queryKey: adminKeys.list('moderation', { counts: true }),
    queryFn: ({ signal }) => adminRequest('/moderation/counts', { schema: moderationCountsSchema, signal }),
  });
  const kind = filters.kind;
  return (
    <AdminPage title="Moderation">
      {/* The tabs wrap onto a second line on a phone rather than run off its edge. */}
      <Tabs
        variant="pills"
        value={kind ?? 'all'}
        onChange={(value) =>
          onChange({ page: 1, kind: value === 'all' || !value ? undefined : (value as ModerationKind) })
        }
        mb="md"
      >
        <Tabs.List aria-label="Show" style={{ flexWrap: 'wrap', rowGap: 4 }}>
          {tabs.map((tab) => {
            const count = tab.count && counts.data ? counts.data[tab.count] : undefined;
            return (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                rightSection={
                  count === undefined ? null : (
                    <Badge
                      size="sm"
                      variant={count > 0 ? 'filled' : 'light'}
                      color={count > 0 ? 'red' : 'gray'}
                      circle={count < 10}
                    >
                      {count}
                    </Badge>
                  )
                }
              >
                {tab.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {kind === 'history' ? (
        <ModerationHistory page={filters.page} onPage={(page) => onChange({ ...filters, page })} />
      ) : kind === 'calls' || kind === 'reported-calls' ? (
        <CallQueue
          queue={kind === 'calls' ? 'pending' : 'reported'}
          page={filters.page}
          onPage={(page) => onChange({ ...filters, page })}
        />
      ) : kind ? (
        <ProfileQueue filters={filters} onChange={onChange} />
      ) : (
        // Everything that waits: the profiles' part, then the casting calls', each paged on its own.
        <Stack gap="lg">
          <section aria-labelledby="queue-profiles">
            <Title order={2} size="h4" mb="xs" id="queue-profiles">
              Profiles
            </Title>
            <ProfileQueue filters={filters} onChange={onChange} />
          </section>
          <section aria-labelledby="queue-calls">
            <Title order={2} size="h4" mb="xs" id="queue-calls">
              Calls to publish
            </Title>
            <CallQueue queue="pending" page={1} onPage={() => onChange({ page: 1, kind: 'calls' })} />
          </section>
          <section aria-labelledby="queue-reported-calls">
            <Title order={2} size="h4" mb="xs" id="queue-reported-calls">
              Reported calls
            </Title>
            <CallQueue queue="reported" page={1} onPage={() => onChange({ page: 1, kind: 'reported-calls' })} />
          </section>
        </Stack>
      )}
    </AdminPage>
  );
}
