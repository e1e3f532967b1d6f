import { Badge } from '@mantine/core';
import type { OrderStatus } from '@/contract/orders';
import { statusLabels } from '@/lib/order-status-labels';

const statusColors: Record<OrderStatus, string> = {
  placed: 'blue',
  confirmed: 'indigo',
  shipped: 'grape',
  delivered: 'green',
  refunded: 'orange',
  cancelled: 'gray',
  awaiting_payment: 'yellow',
  expired: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      tt="none"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      data-testid="order-status"
    >
      {statusLabels[status]}
    </Badge>
  );
}
