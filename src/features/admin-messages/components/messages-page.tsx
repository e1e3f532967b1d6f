import { Anchor, Card, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import {
  messageListResponseSchema,
  type MessageStatus,
  messageStatuses,
  staffMessageResponseSchema,
} from '@/contract/admin';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime } from '@/lib/money';
import { notifyFailure } from '@/lib/notify-failure';

/**
 * The order a message is about, when it names one: Report a problem on an order begins the message "About order #12:
 * ". Staff check on the order's page that its shopper wrote it.
 */
function OrderNamed({ message }: { message: string }) {
  const named = /\border #(\d{1,9})\b/i.exec(message);
  if (!named) return null;
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/admin/orders/$orderId" params={{ orderId: Number(named[1]) }} />}
      fz="sm"
      mt={4}
      display="inline-block"
    >
      Open order #{named[1]}
    </Anchor>
  );
}

const MESSAGES_PER_PAGE = 20;

const statusLabels: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Read',
  answered: 'Answered',
  closed: 'Closed',
};

export interface MessageFilters {
  page: number;
  status?: MessageStatus;
}

/** The contact form's messages, newest first; each answered by email and marked as the team goes. */
export function MessagesPage({
  filters,
  onChange,
}: {
  filters: MessageFilters;
  onChange: (next: MessageFilters) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.list('messages', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/messages${listQuery({ ...filters, per_page: MESSAGES_PER_PAGE })}`, {
        schema: messageListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: MessageStatus }) =>
      adminRequest(`/messages/${id}`, {
        method: 'PUT',
        body: { status },
        idempotencyKey: newIdempotencyKey(),
        schema: staffMessageResponseSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('messages') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('dashboard') });
    },
    onError: notifyFailure('The message was not changed'),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / MESSAGES_PER_PAGE) : 0;
  return (
    <AdminPage title="Messages">
      <SegmentedControl
        aria-label="Status"
        size="xs"
        data={[
          { value: 'all', label: 'All' },
          ...messageStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        ]}
        value={filters.status ?? 'all'}
        onChange={(value) => onChange({ page: 1, status: value === 'all' ? undefined : (value as MessageStatus) })}
      />
      <ListStates query={query} what="messages" isEmpty={(data) => data.data.length === 0} empty="No messages here.">
        {(data) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages">
            {data.data.map((message) => (
              <Card key={message.id} component="li" withBorder padding="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div>
                    <Text fw={600}>{message.name}</Text>
                    <Anchor href={`mailto:${message.email}`} fz="sm">
                      {message.email}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(message.created_at)}
                    </Text>
                  </div>
                  <Select
                    aria-label={`Status of the message from ${message.name}`}
                    size="xs"
                    w={140}
                    allowDeselect={false}
                    data={messageStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
                    value={message.status}
                    onChange={(status) => {
                      if (status) setStatus.mutate({ id: message.id, status: status as MessageStatus });
                    }}
                  />
                </Group>
                <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.message}
                </Text>
                <OrderNamed message={message.message} />
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}
