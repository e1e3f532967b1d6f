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
import { staffMessages_all } from '@/paraglide/messages/staffmessages_all1.js';
import { staffMessages_empty } from '@/paraglide/messages/staffmessages_empty1.js';
import { staffMessages_not_changed } from '@/paraglide/messages/staffmessages_not_changed1.js';
import { staffMessages_open_order } from '@/paraglide/messages/staffmessages_open_order1.js';
import { staffMessages_status } from '@/paraglide/messages/staffmessages_status1.js';
import { staffMessages_status_answered } from '@/paraglide/messages/staffmessages_status_answered1.js';
import { staffMessages_status_closed } from '@/paraglide/messages/staffmessages_status_closed1.js';
import { staffMessages_status_new } from '@/paraglide/messages/staffmessages_status_new1.js';
import { staffMessages_status_of } from '@/paraglide/messages/staffmessages_status_of1.js';
import { staffMessages_status_read } from '@/paraglide/messages/staffmessages_status_read1.js';
import { staffMessages_title } from '@/paraglide/messages/staffmessages_title1.js';
import { staffMessages_what } from '@/paraglide/messages/staffmessages_what1.js';

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
      {staffMessages_open_order({ id: named[1] ?? '' })}
    </Anchor>
  );
}

const MESSAGES_PER_PAGE = 20;

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
const statusLabels: Record<MessageStatus, () => string> = {
  new: () => staffMessages_status_new(),
  read: () => staffMessages_status_read(),
  answered: () => staffMessages_status_answered(),
  closed: () => staffMessages_status_closed(),
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
    onError: notifyFailure(staffMessages_not_changed()),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / MESSAGES_PER_PAGE) : 0;
  return (
    <AdminPage title={staffMessages_title()}>
      <SegmentedControl
        aria-label={staffMessages_status()}
        size="xs"
        data={[
          { value: 'all', label: staffMessages_all() },
          ...messageStatuses.map((status) => ({ value: status, label: statusLabels[status]() })),
        ]}
        value={filters.status ?? 'all'}
        onChange={(value) => onChange({ page: 1, status: value === 'all' ? undefined : (value as MessageStatus) })}
      />
      <ListStates
        query={query}
        what={staffMessages_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={staffMessages_empty()}
      >
        {(data) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={staffMessages_title()}>
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
                    aria-label={staffMessages_status_of({ name: message.name })}
                    size="xs"
                    w={140}
                    allowDeselect={false}
                    data={messageStatuses.map((status) => ({ value: status, label: statusLabels[status]() }))}
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
