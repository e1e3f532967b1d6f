import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState, PageNav } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { orderStatuses, type OrderStatus } from '@/contract/orders';
import { imageUrl } from '@/lib/image-url';
import { formatDate, formatInr } from '@/lib/money';
import { ordersQueryOptions } from '../api/get-orders';
import classes from './orders.module.css';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { statusLabels } from '@/lib/order-status-labels';

export interface OrdersPageProps {
  page: number;
  status: OrderStatus | undefined;
  onChange: (next: { page?: number; status?: OrderStatus }) => void;
}

export function OrdersPage({ page, status, onChange }: OrdersPageProps) {
  const query = useQuery(ordersQueryOptions(page, status));
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.per_page)) : 1;
  return (
    <PageContainer>
      <DocumentTitle page="Your orders" />
      <Title order={1} mb="md">
        Your orders
      </Title>
      <SegmentedControl
        mb="md"
        value={status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : (value as OrderStatus) })}
        data={[
          { value: 'all', label: 'All' },
          ...orderStatuses.map((value) => ({ value, label: statusLabels[value] })),
        ]}
        aria-label="Show orders by status"
        className={classes.filter}
      />
      {query.isPending ? <LoadingState label="Loading orders" /> : null}
      {query.isError && !data ? (
        <LoadError
          title="Your orders could not be loaded"
          error={query.error}
          what="list of orders"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {data && data.data.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>
            {status ? `No ${statusLabels[status].toLowerCase()} orders.` : 'You have not ordered anything yet.'}
          </Text>
          <Button component={Link} to="/shop">
            Browse the store
          </Button>
        </Stack>
      ) : null}
      {data && data.data.length > 0 ? (
        <ul className={classes.list} aria-label="Orders">
          {data.data.map((order) => (
            <li key={order.id}>
              <Link to="/orders/$orderId" params={{ orderId: order.id }} className={classes.row}>
                <ResponsiveImage
                  src={imageUrl(order.cover_image, 'product')}
                  sizes="72px"
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className={classes.cover}
                />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>Order #{order.id}</Text>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                  <Text fz="sm" lineClamp={2}>
                    {order.cover_name}
                    {order.item_count > 1 ? ` and ${order.item_count - 1} more` : ''}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {formatDate(order.created_at)} · {formatInr(order.total)}
                  </Text>
                </Stack>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <Group justify="center" mt="lg">
          <PageNav
            total={totalPages}
            value={data.meta.page}
            onChange={(next) => onChange({ status, page: next > 1 ? next : undefined })}
          />
        </Group>
      ) : null}
    </PageContainer>
  );
}
