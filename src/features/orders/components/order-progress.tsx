import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@/contract/orders';
import { formatDateTime } from '@/lib/money';
import { safeHref } from '@/lib/safe-url';
import { statusLabels } from '@/lib/order-status-labels';
import { DeliveryEstimateText } from './delivery-estimate';
import classes from './orders.module.css';
import { orders_courier } from '@/paraglide/messages/orders_courier.js';
import { orders_delivery } from '@/paraglide/messages/orders_delivery.js';
import { orders_history } from '@/paraglide/messages/orders_history.js';
import { orders_track } from '@/paraglide/messages/orders_track.js';
import { orders_tracking_id } from '@/paraglide/messages/orders_tracking_id.js';

/**
 * How the order travels: when it is expected, the courier and tracking of a shipped order, and every step with its
 * time.
 */
export function OrderProgress({ order }: { order: Order }) {
  const trackingLink = order.tracking?.tracking_url ? safeHref(order.tracking.tracking_url) : null;
  return (
    <section aria-labelledby="order-progress-heading">
      <Title order={2} fz="md" mb={4} id="order-progress-heading">
        {orders_delivery()}
      </Title>
      {order.delivery_estimate ? (
        <DeliveryEstimateText estimate={order.delivery_estimate} orderId={order.id} mb="xs" />
      ) : null}
      {order.tracking ? (
        <Stack gap={2} mb="sm" data-testid="order-tracking">
          <Text>{orders_courier({ courier: order.tracking.courier })}</Text>
          <Text>{orders_tracking_id({ id: order.tracking.tracking_id })}</Text>
          {trackingLink ? (
            <Anchor href={trackingLink} target="_blank" rel="noopener noreferrer">
              {orders_track()}
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
      <ol className={classes.history} aria-label={orders_history()}>
        {order.history.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            <Text fw={600}>{statusLabels[step.status]}</Text>
            <Text fz="sm" c="dimmed">
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </Text>
            {step.note ? <Text fz="sm">{step.note}</Text> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
