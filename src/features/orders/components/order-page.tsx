import { Alert, Anchor, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { Order } from '@/contract/orders';
import { DocumentTitle } from '@/components/document-title';
import { InstallOffer } from '@/components/install-offer';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { ApiError, NetworkError } from '@/lib/api-client';
import { imageUrl } from '@/lib/image-url';
import { formatDate, formatInr } from '@/lib/money';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import classes from './orders.module.css';
import { OrderProgress } from './order-progress';
import { OrderStatusBadge } from '@/components/order-status-badge';

export interface OrderPageProps {
  orderId: number;
  /** Just placed: show the confirmation. */
  placed: boolean;
  /** Buy again, which needs the cart's feature (given by the route). */
  renderBuyAgain?: (order: Order) => ReactNode;
}

export function OrderPage({ orderId, placed, renderBuyAgain }: OrderPageProps) {
  const query = useQuery(orderQueryOptions(orderId));
  const cancel = useCancelOrder();
  const [confirming, confirm] = useDisclosure(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <PageContainer>
        <LoadingState label="Loading the order" />
      </PageContainer>
    );
  }
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageContainer>
        <DocumentTitle page={notFound ? 'Order not found' : 'Order'} />
        <Title order={1} mb="sm">
          {notFound ? 'Order not found' : 'The order could not be loaded'}
        </Title>
        <Text mb="md">{notFound ? 'There is no such order in your account.' : 'Please try again in a moment.'}</Text>
        <Button component={Link} to="/orders">
          Your orders
        </Button>
      </PageContainer>
    );
  }

  const order = query.data;
  return (
    <PageContainer>
      {placed && order.status !== 'cancelled' ? (
        <Alert color="green" variant="light" title="Thank you! Your order is placed." mb="lg" role="status">
          Order #{order.id} will be delivered to {order.address.city}. Pay {formatInr(order.total)} in cash on delivery.
          We have emailed you the order details, and will email the courier and tracking link once it ships.
        </Alert>
      ) : null}
      {placed ? <InstallOffer /> : null}
      <Group justify="space-between" mb="xs">
        <DocumentTitle page={`Order #${order.id}`} />
        <Title order={1}>Order #{order.id}</Title>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text c="dimmed" mb="lg">
        Placed on {formatDate(order.created_at)} · Cash on delivery
        {order.cancelled_at ? ` · Cancelled on ${formatDate(order.cancelled_at)}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <section aria-label="Items">
          {order.items.map((item) => (
            <div key={item.product_id} className={classes.item}>
              <ResponsiveImage
                src={imageUrl(item.image, 'product')}
                sizes="72px"
                alt=""
                width={72}
                height={72}
                className={classes.cover}
                loading="lazy"
              />
              <Stack gap={2} style={{ flex: 1 }}>
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/shop/$productId" params={{ productId: item.product_id }} />
                  )}
                  fw={600}
                >
                  {item.name}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {item.quantity} × {formatInr(item.price)}
                  {item.perishable ? ' · perishable' : ''}
                </Text>
              </Stack>
              <Text fw={600}>{formatInr(item.line_total)}</Text>
            </div>
          ))}
        </section>
        <Stack gap="md">
          <section aria-label="Payment summary">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text>Subtotal</Text>
                <Text>{formatInr(order.subtotal)}</Text>
              </Group>
              {order.discount > 0 ? (
                <Group justify="space-between">
                  <Text>Coupon {order.coupon_code}</Text>
                  <Text c="var(--cv-success-text)">−{formatInr(order.discount)}</Text>
                </Group>
              ) : null}
              <Group justify="space-between">
                <Text>Shipping</Text>
                <Text>{order.shipping === 0 ? 'Free' : formatInr(order.shipping)}</Text>
              </Group>
              {order.round_off !== 0 ? (
                <Group justify="space-between">
                  <Text>Round off</Text>
                  <Text>−{formatInr(-order.round_off)}</Text>
                </Group>
              ) : null}
              <Divider my={4} />
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700} data-testid="order-total">
                  {formatInr(order.total)}
                </Text>
              </Group>
              {order.refunds.map((refund) => (
                <div key={`${refund.at}-${refund.reference}`} data-testid="order-refund">
                  <Group justify="space-between" wrap="nowrap">
                    <Text>Refunded to you</Text>
                    <Text c="var(--cv-success-text)">{formatInr(refund.amount)}</Text>
                  </Group>
                  <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Payment reference {refund.reference} · {formatDate(refund.at)}
                  </Text>
                  {refund.note ? <Text fz="sm">{refund.note}</Text> : null}
                </div>
              ))}
            </Stack>
          </section>
          <OrderProgress order={order} />
          <section aria-label="Delivery address">
            <Title order={2} fz="md" mb={4}>
              Delivery address
            </Title>
            <Text>{order.address.name}</Text>
            <Text>{order.address.line1}</Text>
            {order.address.line2 ? <Text>{order.address.line2}</Text> : null}
            <Text>
              {order.address.city}, {order.address.state} {order.address.pincode}
            </Text>
            <Text>Phone {order.address.phone}</Text>
          </section>
          {cancelError ? (
            <Alert color="red" variant="light" role="alert">
              {cancelError}
            </Alert>
          ) : null}
          {order.can_cancel ? (
            <Button variant="outline" color="red" onClick={confirm.open}>
              Cancel order
            </Button>
          ) : order.status !== 'cancelled' && order.status !== 'refunded' && order.cancel_blocked_reason ? (
            <Text fz="sm" c="dimmed">
              {order.cancel_blocked_reason}.
            </Text>
          ) : null}
          {renderBuyAgain?.(order)}
          {order.report_problem_until ? (
            <section aria-label="Report a problem">
              <Text fz="sm" mb="xs">
                An item defective, damaged, incorrect or not as shown? Tell us by{' '}
                {formatDate(order.report_problem_until)}, as our refund policy asks.
              </Text>
              <Button
                variant="light"
                renderRoot={(props) => <Link {...props} to="/contact" search={{ order: String(order.id) }} />}
              >
                Report a problem
              </Button>
            </section>
          ) : null}
        </Stack>
      </SimpleGrid>
      <Modal opened={confirming} onClose={confirm.close} title={`Cancel order #${order.id}?`} centered>
        <Text mb="md">The items go back on sale and any coupon you used becomes available again.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close}>
            Keep order
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => {
              setCancelError(null);
              cancel.mutate(order.id, {
                onSettled: confirm.close,
                onError: (error) =>
                  setCancelError(
                    error instanceof NetworkError
                      ? 'You are offline. Cancelling needs the network.'
                      : error instanceof ApiError
                        ? error.message
                        : 'The order could not be cancelled. Please try again.',
                  ),
              });
            }}
          >
            Yes, cancel it
          </Button>
        </Group>
      </Modal>
    </PageContainer>
  );
}
