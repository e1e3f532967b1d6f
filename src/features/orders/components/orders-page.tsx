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
import { orders_all } from '@/paraglide/messages/orders_all.js';
import { orders_browse } from '@/paraglide/messages/orders_browse.js';
import { orders_cover_more } from '@/paraglide/messages/orders_cover_more.js';
import { orders_filter } from '@/paraglide/messages/orders_filter.js';
import { orders_list } from '@/paraglide/messages/orders_list.js';
import { orders_load_failed } from '@/paraglide/messages/orders_load_failed.js';
import { orders_loading } from '@/paraglide/messages/orders_loading.js';
import { orders_none } from '@/paraglide/messages/orders_none.js';
import { orders_none_with_status } from '@/paraglide/messages/orders_none_with_status.js';
import { orders_number } from '@/paraglide/messages/orders_number.js';
import { orders_title } from '@/paraglide/messages/orders_title.js';

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
      <DocumentTitle page={orders_title()} />
      <Title order={1} mb="md">
        {orders_title()}
      </Title>
      <SegmentedControl
        mb="md"
        value={status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : (value as OrderStatus) })}
        data={[
          { value: 'all', label: orders_all() },
          ...orderStatuses.map((value) => ({ value, label: statusLabels[value] })),
        ]}
        aria-label={orders_filter()}
        className={classes.filter}
      />
      {query.isPending ? <LoadingState label={orders_loading()} /> : null}
      {query.isError && !data ? (
        <LoadError
          title={orders_load_failed()}
          error={query.error}
          what="list of orders"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {data && data.data.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>
            {status ? orders_none_with_status({ status: statusLabels[status].toLowerCase() }) : orders_none()}
          </Text>
          <Button component={Link} to="/shop">
            {orders_browse()}
          </Button>
        </Stack>
      ) : null}
      {data && data.data.length > 0 ? (
        <ul className={classes.list} aria-label={orders_list()}>
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
                    <Text fw={600}>{orders_number({ id: order.id })}</Text>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                  <Text fz="sm" lineClamp={2}>
                    {order.item_count > 1
                      ? orders_cover_more({ name: order.cover_name, count: order.item_count - 1 })
                      : order.cover_name}
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
