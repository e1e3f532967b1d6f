import { Anchor, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { SearchForm } from '@/components/admin/search-form';
import { ListStates } from '@/components/admin/list-states';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageNav } from '@/components/query-states';
import { type OrderStatus, orderStatuses } from '@/contract/order-statuses';
import { formatDateTime, formatInr } from '@/lib/money';
import { statusLabels } from '@/lib/order-status-labels';
import { STAFF_ORDERS_PER_PAGE, type StaffOrderFilters, staffOrdersQuery } from '../api/staff-orders';

/**
 * Every order, newest first: filtered by status, found by order number or the shopper's email or phone. Rows are
 * cards, so that a manager on a phone reads them without scrolling sideways.
 */
export function StaffOrdersPage({
  filters,
  onChange,
}: {
  filters: StaffOrderFilters;
  onChange: (next: StaffOrderFilters) => void;
}) {
  const query = useQuery(staffOrdersQuery(filters));
  const pages = query.data ? Math.ceil(query.data.meta.total / STAFF_ORDERS_PER_PAGE) : 0;
  return (
    <AdminPage title="Orders">
      <SearchForm
        label="Find an order"
        description="Order number, or the shopper’s email or phone"
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <SegmentedControl
        aria-label="Status"
        fullWidth
        size="xs"
        data={[
          { value: 'all', label: 'All' },
          ...orderStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        ]}
        value={filters.status ?? 'all'}
        onChange={(value) =>
          onChange({ ...filters, status: value === 'all' ? undefined : (value as OrderStatus), page: 1 })
        }
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      <ListStates query={query} what="orders" isEmpty={(data) => data.data.length === 0} empty="No orders match.">
        {(data) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
            {data.data.map((order) => (
              <Card key={order.id} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/admin/orders/$orderId" params={{ orderId: order.id }} />
                    )}
                    fw={700}
                  >
                    Order #{order.id}
                  </Anchor>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Text fz="sm">
                  {order.customer_name} · {order.customer_email}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text fz="sm" c="dimmed">
                    {formatDateTime(order.created_at)} · {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                  </Text>
                  <Text fw={600}>{formatInr(order.total)}</Text>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}
