import { Alert, Anchor, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import type { Order } from '@/contract/orders';
import { DocumentTitle } from '@/components/document-title';
import { InstallOffer } from '@/components/install-offer';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { ApiError, NetworkError } from '@/lib/api-client';
import { imageUrl } from '@/lib/image-url';
import { contractText, loadRefusalWords } from '@/lib/refusals';
import { formatDate, formatInr } from '@/lib/money';
import { variantWords } from '@/lib/variant-words';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import classes from './orders.module.css';
import { OrderInvoices } from './order-invoices';
import { OrderPayment } from '@/components/order-payment';
import { OrderProgress } from './order-progress';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { orders_cancel } from '@/paraglide/messages/orders_cancel.js';
import { orders_cancel_failed } from '@/paraglide/messages/orders_cancel_failed.js';
import { orders_cancel_offline } from '@/paraglide/messages/orders_cancel_offline.js';
import { orders_cancel_text } from '@/paraglide/messages/orders_cancel_text.js';
import { orders_cancel_title } from '@/paraglide/messages/orders_cancel_title.js';
import { orders_cancel_yes } from '@/paraglide/messages/orders_cancel_yes.js';
import { orders_cancelled_on } from '@/paraglide/messages/orders_cancelled_on.js';
import { orders_coupon } from '@/paraglide/messages/orders_coupon.js';
import { orders_delivery_address } from '@/paraglide/messages/orders_delivery_address.js';
import { orders_free } from '@/paraglide/messages/orders_free.js';
import { orders_items } from '@/paraglide/messages/orders_items.js';
import { orders_keep } from '@/paraglide/messages/orders_keep.js';
import { orders_loading_order } from '@/paraglide/messages/orders_loading_order.js';
import { orders_not_found } from '@/paraglide/messages/orders_not_found.js';
import { orders_not_found_text } from '@/paraglide/messages/orders_not_found_text.js';
import { orders_number } from '@/paraglide/messages/orders_number.js';
import { orders_order } from '@/paraglide/messages/orders_order.js';
import { orders_order_load_failed } from '@/paraglide/messages/orders_order_load_failed.js';
import { orders_payment_summary } from '@/paraglide/messages/orders_payment_summary.js';
import { orders_perishable } from '@/paraglide/messages/orders_perishable.js';
import { orders_phone } from '@/paraglide/messages/orders_phone.js';
import { orders_placed_on } from '@/paraglide/messages/orders_placed_on.js';
import { pay_placedOnOnline } from '@/paraglide/messages/pay_placedononline2.js';
import { orders_placed_text } from '@/paraglide/messages/orders_placed_text.js';
import { orders_placed_title } from '@/paraglide/messages/orders_placed_title.js';
import { orders_refund_reference } from '@/paraglide/messages/orders_refund_reference.js';
import { orders_refunded } from '@/paraglide/messages/orders_refunded.js';
import { orders_round_off } from '@/paraglide/messages/orders_round_off.js';
import { orders_shipping } from '@/paraglide/messages/orders_shipping.js';
import { orders_subtotal } from '@/paraglide/messages/orders_subtotal.js';
import { orders_title } from '@/paraglide/messages/orders_title.js';
import { orders_total } from '@/paraglide/messages/orders_total.js';
import { orders_try_again } from '@/paraglide/messages/orders_try_again.js';

export interface OrderPageProps {
  orderId: number;
  /** Just placed: show the confirmation. */
  placed: boolean;
  /** Buy again, which needs the cart's feature (given by the route). */
  renderBuyAgain?: (order: Order) => ReactNode;
  /** Return or report a problem, and the order's returns (given by the route). */
  renderReturns?: (order: Order) => ReactNode;
}

export function OrderPage({ orderId, placed, renderBuyAgain, renderReturns }: OrderPageProps) {
  const query = useQuery({
    ...orderQueryOptions(orderId),
    // While the gateway's word is awaited (a closed tab, a webhook on its way), the page asks again by itself.
    refetchInterval: (current) => (current.state.data?.status === 'awaiting_payment' ? 5000 : false),
  });
  const cancel = useCancelOrder();
  const [confirming, confirm] = useDisclosure(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // Why an order cannot be cancelled comes as the server's English; on a Hindi page its words load once, then show.
  const [, setRefusalWordsLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadRefusalWords().then(() => live && setRefusalWordsLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  if (query.isPending) {
    return (
      <PageContainer>
        <LoadingState label={orders_loading_order()} />
      </PageContainer>
    );
  }
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageContainer>
        <DocumentTitle page={notFound ? orders_not_found() : orders_order()} />
        <Title order={1} mb="sm">
          {notFound ? orders_not_found() : orders_order_load_failed()}
        </Title>
        <Text mb="md">{notFound ? orders_not_found_text() : orders_try_again()}</Text>
        <Button component={Link} to="/orders">
          {orders_title()}
        </Button>
      </PageContainer>
    );
  }

  const order = query.data;
  return (
    <PageContainer>
      {placed && order.status !== 'cancelled' && order.payment_method === 'cod' ? (
        <Alert color="green" variant="light" title={orders_placed_title()} mb="lg" role="status">
          {orders_placed_text({ id: order.id, city: order.address.city, total: formatInr(order.total) })}
        </Alert>
      ) : null}
      {placed ? <InstallOffer /> : null}
      <Group justify="space-between" mb="xs">
        <DocumentTitle page={orders_number({ id: order.id })} />
        <Title order={1}>{orders_number({ id: order.id })}</Title>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text c="dimmed" mb="lg">
        {order.payment_method === 'online'
          ? pay_placedOnOnline({ date: formatDate(order.created_at) })
          : orders_placed_on({ date: formatDate(order.created_at) })}
        {order.cancelled_at ? orders_cancelled_on({ date: formatDate(order.cancelled_at) }) : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <section aria-label={orders_items()}>
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
                {item.variant_label ? (
                  <Text fz="sm" fw={600}>
                    {variantWords(item.variant_kind, item.variant_label)}
                  </Text>
                ) : null}
                <Text fz="sm" c="dimmed">
                  {item.quantity} × {formatInr(item.price)}
                  {item.perishable ? orders_perishable() : ''}
                </Text>
              </Stack>
              <Text fw={600}>{formatInr(item.line_total)}</Text>
            </div>
          ))}
        </section>
        <Stack gap="md">
          <section aria-label={orders_payment_summary()}>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text>{orders_subtotal()}</Text>
                <Text>{formatInr(order.subtotal)}</Text>
              </Group>
              {order.discount > 0 ? (
                <Group justify="space-between">
                  <Text>{orders_coupon({ code: order.coupon_code ?? '' })}</Text>
                  <Text c="var(--cv-success-text)">−{formatInr(order.discount)}</Text>
                </Group>
              ) : null}
              <Group justify="space-between">
                <Text>{orders_shipping()}</Text>
                <Text>{order.shipping === 0 ? orders_free() : formatInr(order.shipping)}</Text>
              </Group>
              {order.round_off !== 0 ? (
                <Group justify="space-between">
                  <Text>{orders_round_off()}</Text>
                  <Text>−{formatInr(-order.round_off)}</Text>
                </Group>
              ) : null}
              <Divider my={4} />
              <Group justify="space-between">
                <Text fw={700}>{orders_total()}</Text>
                <Text fw={700} data-testid="order-total">
                  {formatInr(order.total)}
                </Text>
              </Group>
              {order.refunds.map((refund) => (
                <div key={`${refund.at}-${refund.reference}`} data-testid="order-refund">
                  <Group justify="space-between" wrap="nowrap">
                    <Text>{orders_refunded()}</Text>
                    <Text c="var(--cv-success-text)">{formatInr(refund.amount)}</Text>
                  </Group>
                  <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {orders_refund_reference({ reference: refund.reference, date: formatDate(refund.at) })}
                  </Text>
                  {refund.note ? <Text fz="sm">{refund.note}</Text> : null}
                </div>
              ))}
            </Stack>
          </section>
          <OrderPayment order={order} shopper />
          <OrderProgress order={order} />
          <OrderInvoices order={order} />
          <section aria-label={orders_delivery_address()}>
            <Title order={2} fz="md" mb={4}>
              {orders_delivery_address()}
            </Title>
            <Text>{order.address.name}</Text>
            <Text>{order.address.line1}</Text>
            {order.address.line2 ? <Text>{order.address.line2}</Text> : null}
            <Text>
              {order.address.city}, {order.address.state} {order.address.pincode}
            </Text>
            <Text>{orders_phone({ phone: order.address.phone })}</Text>
          </section>
          {cancelError ? (
            <Alert color="red" variant="light" role="alert">
              {cancelError}
            </Alert>
          ) : null}
          {order.can_cancel ? (
            <Button variant="outline" color="red" onClick={confirm.open}>
              {orders_cancel()}
            </Button>
          ) : order.status !== 'cancelled' && order.status !== 'refunded' && order.cancel_blocked_reason ? (
            <Text fz="sm" c="dimmed">
              {contractText(order.cancel_blocked_reason)}.
            </Text>
          ) : null}
          {renderBuyAgain?.(order)}
          {renderReturns?.(order)}
        </Stack>
      </SimpleGrid>
      <Modal opened={confirming} onClose={confirm.close} title={orders_cancel_title({ id: order.id })} centered>
        <Text mb="md">{orders_cancel_text()}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close}>
            {orders_keep()}
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
                      ? orders_cancel_offline()
                      : error instanceof ApiError
                        ? error.message
                        : orders_cancel_failed(),
                  ),
              });
            }}
          >
            {orders_cancel_yes()}
          </Button>
        </Group>
      </Modal>
    </PageContainer>
  );
}
