import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { LoadError, LoadingState } from '@/components/query-states';
import { orderTransitions, type OrderTransition, type StaffOrder } from '@/contract/admin';
import { courierTrackingUrl, couriers, withWebScheme } from '@/contract/couriers';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { variantWords } from '@/lib/variant-words';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime, formatInr } from '@/lib/money';
import { statusLabels } from '@/lib/order-status-labels';
import { telHref, whatsappHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
import { staffOrderQuery, useTransitionOrder } from '../api/staff-orders';
import { StaffOrderInvoices } from './staff-order-invoices';
import { staffOrders_all_orders } from '@/paraglide/messages/stafforders_all_orders1.js';
import { staffOrders_back } from '@/paraglide/messages/stafforders_back1.js';
import { staffOrders_call } from '@/paraglide/messages/stafforders_call1.js';
import { staffOrders_cancel } from '@/paraglide/messages/stafforders_cancel1.js';
import { staffOrders_cancel_text } from '@/paraglide/messages/stafforders_cancel_text1.js';
import { staffOrders_cancel_title } from '@/paraglide/messages/stafforders_cancel_title1.js';
import { staffOrders_cancel_yes } from '@/paraglide/messages/stafforders_cancel_yes1.js';
import { staffOrders_confirm } from '@/paraglide/messages/stafforders_confirm1.js';
import { staffOrders_coupon } from '@/paraglide/messages/stafforders_coupon1.js';
import { staffOrders_courier } from '@/paraglide/messages/stafforders_courier1.js';
import { staffOrders_courier_hint } from '@/paraglide/messages/stafforders_courier_hint1.js';
import { staffOrders_courier_is } from '@/paraglide/messages/stafforders_courier_is1.js';
import { staffOrders_courier_required } from '@/paraglide/messages/stafforders_courier_required1.js';
import { staffOrders_deliver } from '@/paraglide/messages/stafforders_deliver1.js';
import { staffOrders_deliver_not_yet } from '@/paraglide/messages/stafforders_deliver_not_yet1.js';
import { staffOrders_deliver_text } from '@/paraglide/messages/stafforders_deliver_text1.js';
import { staffOrders_deliver_title } from '@/paraglide/messages/stafforders_deliver_title1.js';
import { staffOrders_deliver_to } from '@/paraglide/messages/stafforders_deliver_to1.js';
import { staffOrders_deliver_yes } from '@/paraglide/messages/stafforders_deliver_yes1.js';
import { staffOrders_delivery } from '@/paraglide/messages/stafforders_delivery1.js';
import { staffOrders_history } from '@/paraglide/messages/stafforders_history1.js';
import { staffOrders_items } from '@/paraglide/messages/stafforders_items1.js';
import { staffOrders_keep } from '@/paraglide/messages/stafforders_keep1.js';
import { staffOrders_load_failed } from '@/paraglide/messages/stafforders_load_failed1.js';
import { staffOrders_loading } from '@/paraglide/messages/stafforders_loading1.js';
import { staffOrders_next_step } from '@/paraglide/messages/stafforders_next_step1.js';
import { staffOrders_not_found } from '@/paraglide/messages/stafforders_not_found1.js';
import { staffOrders_note } from '@/paraglide/messages/stafforders_note1.js';
import { staffOrders_note_hint } from '@/paraglide/messages/stafforders_note_hint1.js';
import { staffOrders_number } from '@/paraglide/messages/stafforders_number1.js';
import { staffOrders_offline } from '@/paraglide/messages/stafforders_offline1.js';
import { OrderPayment } from '@/components/order-payment';
import { pay_refundThroughGateway } from '@/paraglide/messages/pay_refundthroughgateway2.js';
import { staffOrders_payment } from '@/paraglide/messages/stafforders_payment1.js';
import { staffOrders_refund } from '@/paraglide/messages/stafforders_refund1.js';
import { staffOrders_refund_amount } from '@/paraglide/messages/stafforders_refund_amount1.js';
import { staffOrders_refund_at_most_rest } from '@/paraglide/messages/stafforders_refund_at_most_rest1.js';
import { staffOrders_refund_at_most_total } from '@/paraglide/messages/stafforders_refund_at_most_total1.js';
import { staffOrders_refund_reference } from '@/paraglide/messages/stafforders_refund_reference1.js';
import { staffOrders_refund_reference_hint } from '@/paraglide/messages/stafforders_refund_reference_hint1.js';
import { staffOrders_refund_text } from '@/paraglide/messages/stafforders_refund_text1.js';
import { staffOrders_refunded } from '@/paraglide/messages/stafforders_refunded1.js';
import { staffOrders_refunded_in_all } from '@/paraglide/messages/stafforders_refunded_in_all1.js';
import { staffOrders_ship } from '@/paraglide/messages/stafforders_ship1.js';
import { staffOrders_shopper } from '@/paraglide/messages/stafforders_shopper1.js';
import { staffOrders_total } from '@/paraglide/messages/stafforders_total1.js';
import { staffOrders_tracking_id } from '@/paraglide/messages/stafforders_tracking_id1.js';
import { staffOrders_tracking_id_hint } from '@/paraglide/messages/stafforders_tracking_id_hint1.js';
import { staffOrders_tracking_id_is } from '@/paraglide/messages/stafforders_tracking_id_is1.js';
import { staffOrders_tracking_id_required } from '@/paraglide/messages/stafforders_tracking_id_required1.js';
import { staffOrders_tracking_link } from '@/paraglide/messages/stafforders_tracking_link1.js';
import { staffOrders_tracking_link_hint } from '@/paraglide/messages/stafforders_tracking_link_hint1.js';
import { staffOrders_tracking_url_invalid } from '@/paraglide/messages/stafforders_tracking_url_invalid1.js';
import { staffOrders_whatsapp } from '@/paraglide/messages/stafforders_whatsapp1.js';

interface MoveValues {
  courier: string;
  tracking_id: string;
  tracking_url: string;
  /** Rupees, as staff type them. */
  refund_amount: number | string;
  refund_reference: string;
  note: string;
}

/**
 * Each step forward's button, in the page's language. A function, read when shown: the messages are looked up at
 * render, never while modules are still loading.
 */
function moveLabel(to: OrderTransition['to']): string | undefined {
  if (to === 'confirmed') return staffOrders_confirm();
  if (to === 'shipped') return staffOrders_ship();
  if (to === 'delivered') return staffOrders_deliver();
  if (to === 'refunded') return staffOrders_refund();
  return undefined;
}

/** What the move sends: the shipping details for shipping, the refund's for a refund, and the note. */
function moveInput(to: OrderTransition['to'], values: MoveValues): OrderTransition {
  if (to === 'shipped') {
    const { courier, tracking_id, tracking_url, note } = values;
    return { to, courier, tracking_id, tracking_url: withWebScheme(tracking_url), note };
  }
  if (to === 'refunded') {
    return {
      to,
      refund_amount: values.refund_amount === '' ? undefined : Math.round(Number(values.refund_amount) * 100),
      refund_reference: values.refund_reference,
      note: values.note,
    };
  }
  return { to, note: values.note };
}

/** The next steps of the order, with the shipping details that shipping needs and the refund's that a refund does. */
function OrderActions({ order }: { order: StaffOrder }) {
  const transition = useTransitionOrder(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const moves = orderTransitions[order.status];
  const shipping = moves.includes('shipped');
  // Every missing shipping detail is named at once, before anything is sent (the server checks them too).
  const form = useForm<MoveValues>({
    mode: 'controlled',
    initialValues: {
      courier: '',
      tracking_id: '',
      tracking_url: '',
      refund_amount: '',
      refund_reference: '',
      note: '',
    },
    validate: shipping
      ? {
          courier: (value) => (value.trim() ? null : staffOrders_courier_required()),
          tracking_id: (value) => (value.trim() ? null : staffOrders_tracking_id_required()),
          tracking_url: (value) =>
            value.trim() === '' || /^https?:\/\/\S+$/i.test(withWebScheme(value))
              ? null
              : staffOrders_tracking_url_invalid(),
        }
      : {},
  });
  // The tracking link last written from the courier's template: replaced as the courier or ID changes, unless edited.
  const writtenLink = useRef('');
  const courierOrIdChanged = (courier: string, trackingId: string) => {
    const current = form.getValues().tracking_url;
    if (current !== '' && current !== writtenLink.current) return;
    const link = courierTrackingUrl(courier, trackingId) ?? '';
    writtenLink.current = link;
    form.setFieldValue('tracking_url', link);
  };
  // The one step forward (the form's submit); cancelling has a button of its own.
  const forward = moves.find((to) => to !== 'cancelled');
  if (moves.length === 0) return null;

  const move = async (to: OrderTransition['to'], values: MoveValues) => {
    setFailure(null);
    try {
      await transition.mutateAsync({ input: moveInput(to, values), key: newIdempotencyKey() });
      form.reset();
    } catch (error) {
      // A 409 means someone else moved the order first: the page shows where it is now.
      if (error instanceof ApiError && error.status === 409) {
        setFailure(error.message);
        return;
      }
      const message = applyServerError(form, error, staffOrders_offline());
      setFailure(message);
    }
  };

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="h4" mb="sm">
        {staffOrders_next_step()}
      </Title>
      <form
        ref={focusFirstError}
        onSubmit={form.onSubmit((values) => (forward ? void move(forward, values) : undefined))}
        noValidate
      >
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {shipping ? (
            <>
              <Autocomplete
                label={staffOrders_courier()}
                description={staffOrders_courier_hint()}
                required
                autoComplete="off"
                data={couriers.map((courier) => courier.name)}
                // The list opens as the person types or taps, not when an error moves focus here: it would hide the
                // other errors below.
                openOnFocus={false}
                {...form.getInputProps('courier')}
                onChange={(courier) => {
                  form.setFieldValue('courier', courier);
                  courierOrIdChanged(courier, form.getValues().tracking_id);
                }}
              />
              <TextInput
                label={staffOrders_tracking_id()}
                description={staffOrders_tracking_id_hint()}
                required
                autoComplete="off"
                {...form.getInputProps('tracking_id')}
                onChange={(event) => {
                  const trackingId = event.currentTarget.value;
                  form.setFieldValue('tracking_id', trackingId);
                  courierOrIdChanged(form.getValues().courier, trackingId);
                }}
              />
              <TextInput
                label={staffOrders_tracking_link()}
                description={staffOrders_tracking_link_hint()}
                type="url"
                inputMode="url"
                {...form.getInputProps('tracking_url')}
                onBlur={(event) => {
                  form.setFieldValue('tracking_url', withWebScheme(event.currentTarget.value));
                }}
              />
            </>
          ) : null}
          {moves.includes('refunded') ? (
            <>
              <Text fz="sm">{staffOrders_refund_text()}</Text>
              <NumberInput
                label={staffOrders_refund_amount()}
                required
                allowNegative={false}
                decimalScale={2}
                description={
                  order.refunded_total > 0
                    ? staffOrders_refund_at_most_rest({ amount: formatInr(order.total - order.refunded_total) })
                    : staffOrders_refund_at_most_total({ amount: formatInr(order.total) })
                }
                {...form.getInputProps('refund_amount')}
              />
              {order.payment_method === 'online' ? (
                <Text fz="sm">{pay_refundThroughGateway()}</Text>
              ) : (
                <TextInput
                  label={staffOrders_refund_reference()}
                  description={staffOrders_refund_reference_hint()}
                  required
                  autoComplete="off"
                  {...form.getInputProps('refund_reference')}
                />
              )}
            </>
          ) : null}
          <Textarea
            label={staffOrders_note()}
            description={staffOrders_note_hint()}
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
          <Group gap="sm" wrap="wrap">
            {forward === 'delivered' ? (
              // Delivery tells the shopper and starts the days to report a problem: asked first, as cancelling is.
              <ConfirmAction
                label={staffOrders_deliver()}
                title={staffOrders_deliver_title({ id: order.id })}
                message={staffOrders_deliver_text()}
                confirmLabel={staffOrders_deliver_yes()}
                cancelLabel={staffOrders_deliver_not_yet()}
                confirmColor="blue"
                color="blue"
                variant="filled"
                onConfirm={() => void move('delivered', form.getValues())}
                loading={transition.isPending}
              />
            ) : forward ? (
              <Button type="submit" loading={transition.isPending}>
                {moveLabel(forward)}
              </Button>
            ) : null}
            {moves.includes('cancelled') ? (
              <ConfirmAction
                label={staffOrders_cancel()}
                title={staffOrders_cancel_title({ id: order.id })}
                message={staffOrders_cancel_text()}
                confirmLabel={staffOrders_cancel_yes()}
                cancelLabel={staffOrders_keep()}
                onConfirm={() => void move('cancelled', form.getValues())}
                loading={transition.isPending}
              />
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A shopper's phone: tapped, it dials; WhatsApp opens a chat with it. */
function PhoneLinks({ phone }: { phone: string }) {
  return (
    <Group gap="xs" fz="sm">
      <Anchor href={telHref(phone)} aria-label={staffOrders_call({ phone })} fz="sm">
        {phone}
      </Anchor>
      <Anchor
        href={whatsappHref(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={staffOrders_whatsapp({ phone })}
        fz="sm"
      >
        WhatsApp
      </Anchor>
    </Group>
  );
}

export function StaffOrderPage({
  orderId,
  renderReturns,
}: {
  orderId: number;
  /** The order's returns and their next steps (given by the route); `prepaid`: refunded through the gateway. */
  renderReturns?: (orderId: number, prepaid: boolean) => ReactNode;
}) {
  const query = useQuery(staffOrderQuery(orderId));
  if (query.isPending) return <LoadingState label={staffOrders_loading()} />;
  if (query.isError) {
    return (
      <LoadError
        title={
          query.error instanceof ApiError && query.error.status === 404
            ? staffOrders_not_found()
            : staffOrders_load_failed()
        }
        error={query.error}
        what="order"
        onRetry={() => void query.refetch()}
        back={
          <Anchor component={Link} to="/admin/orders">
            {staffOrders_all_orders()}
          </Anchor>
        }
      />
    );
  }
  const order = query.data;
  const trackingLink = order.tracking?.tracking_url ? safeHref(order.tracking.tracking_url) : null;
  return (
    <AdminPage title={staffOrders_number({ id: order.id })} actions={<OrderStatusBadge status={order.status} />}>
      <Anchor component={Link} to="/admin/orders" fz="sm">
        {staffOrders_back()}
      </Anchor>
      <OrderActions key={order.status} order={order} />
      {renderReturns?.(order.id, order.payment_method === 'online')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb={4}>
            {staffOrders_shopper()}
          </Title>
          <Text>{order.customer.name}</Text>
          {order.customer.email ? <Text fz="sm">{order.customer.email}</Text> : null}
          {order.customer.phone ? <PhoneLinks phone={order.customer.phone} /> : null}
          <Title order={2} fz="h5" mt="sm" mb={4}>
            {staffOrders_deliver_to()}
          </Title>
          <Text fz="sm">{order.address.name}</Text>
          {order.address.phone !== order.customer.phone ? <PhoneLinks phone={order.address.phone} /> : null}
          <Text fz="sm">
            {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ''}
            <br />
            {order.address.city}, {order.address.state} {order.address.pincode}
          </Text>
          {order.payment === null ? (
            <Text fz="sm" mt="xs">
              {staffOrders_payment({ total: formatInr(order.total) })}
            </Text>
          ) : (
            <OrderPayment order={order} shopper={false} />
          )}
        </Card>
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb={4}>
            {staffOrders_items()}
          </Title>
          <Stack gap={2}>
            {order.items.map((item) => (
              <Group key={`${item.product_id}:${item.variant_id ?? ''}`} justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm">
                  {item.quantity} × {item.name}
                  {item.variant_label ? ` · ${variantWords(item.variant_kind, item.variant_label)}` : ''}
                </Text>
                <Text fz="sm">{formatInr(item.line_total)}</Text>
              </Group>
            ))}
            {order.discount > 0 ? (
              <Text fz="sm" c="dimmed">
                {staffOrders_coupon({ code: order.coupon_code ?? '', amount: formatInr(order.discount) })}
              </Text>
            ) : null}
            <Text fw={700}>{staffOrders_total({ amount: formatInr(order.total) })}</Text>
            {order.refunds.map((refund) => (
              <Text key={`${refund.at}-${refund.reference}`} fz="sm" data-testid="staff-order-refund">
                {staffOrders_refunded({
                  amount: formatInr(refund.amount),
                  reference: refund.reference,
                  date: formatDateTime(refund.at),
                })}
                {refund.note ? `: ${refund.note}` : ''}
              </Text>
            ))}
            {order.refunds.length > 1 ? (
              <Text fz="sm" fw={600}>
                {staffOrders_refunded_in_all({ amount: formatInr(order.refunded_total) })}
              </Text>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} fz="h5" mb={4}>
          {staffOrders_delivery()}
        </Title>
        {order.tracking ? (
          <Stack gap={2} mb="sm">
            <Text fz="sm">{staffOrders_courier_is({ courier: order.tracking.courier })}</Text>
            <Text fz="sm">{staffOrders_tracking_id_is({ id: order.tracking.tracking_id })}</Text>
            {trackingLink ? (
              <Anchor href={trackingLink} target="_blank" rel="noopener noreferrer" fz="sm">
                {staffOrders_tracking_link()}
              </Anchor>
            ) : null}
          </Stack>
        ) : null}
        <ol aria-label={staffOrders_history()} style={{ margin: 0, paddingInlineStart: '1.2em' }}>
          {order.history.map((step, index) => (
            <li key={`${step.status}-${index}`}>
              <Text fz="sm" fw={600} span>
                {statusLabels[step.status]}
              </Text>{' '}
              <Text fz="sm" c="dimmed" span>
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </Text>
              {step.note ? <Text fz="sm">{step.note}</Text> : null}
            </li>
          ))}
        </ol>
      </Card>
      <StaffOrderInvoices orderId={order.id} />
    </AdminPage>
  );
}
