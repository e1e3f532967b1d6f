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
import { useRef, useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { LoadError, LoadingState } from '@/components/query-states';
import { orderTransitions, type OrderTransition, type StaffOrder } from '@/contract/admin';
import { courierTrackingUrl, couriers, withWebScheme } from '@/contract/couriers';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime, formatInr } from '@/lib/money';
import { statusLabels } from '@/lib/order-status-labels';
import { telHref, whatsappHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
import { staffOrderQuery, useTransitionOrder } from '../api/staff-orders';

const OFFLINE = 'You are offline: the order was not changed. Try again when you are back online.';

interface MoveValues {
  courier: string;
  tracking_id: string;
  tracking_url: string;
  /** Rupees, as staff type them. */
  refund_amount: number | string;
  refund_reference: string;
  note: string;
}

const moveLabels: Partial<Record<OrderTransition['to'], string>> = {
  confirmed: 'Confirm order',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  refunded: 'Record the refund',
};

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
          courier: (value) => (value.trim() ? null : 'Choose or enter the courier'),
          tracking_id: (value) => (value.trim() ? null : 'Enter the tracking ID'),
          tracking_url: (value) =>
            value.trim() === '' || /^https?:\/\/\S+$/i.test(withWebScheme(value))
              ? null
              : 'Enter a link starting with https://',
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
      const message = applyServerError(form, error, OFFLINE);
      setFailure(message);
    }
  };

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="h4" mb="sm">
        Next step
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
                label="Courier"
                description="Pick one to have its tracking link written, or type another"
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
                label="Tracking ID"
                description="The AWB number on the courier’s receipt"
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
                label="Tracking link"
                description="The courier’s page for this parcel: written for the couriers listed (optional)"
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
              <Text fz="sm">
                After a problem the shopper reported (see Messages): record what was paid back to them, once it is paid.
              </Text>
              <NumberInput
                label="Amount refunded (₹)"
                required
                allowNegative={false}
                decimalScale={2}
                description={
                  order.refunded_total > 0
                    ? `At most what remains of the order’s total, ${formatInr(order.total - order.refunded_total)}`
                    : `At most the order’s total, ${formatInr(order.total)}: a part of it keeps the order delivered`
                }
                {...form.getInputProps('refund_amount')}
              />
              <TextInput
                label="Payment reference"
                description="The UPI or bank transfer’s reference, which the shopper can match with their statement"
                required
                autoComplete="off"
                {...form.getInputProps('refund_reference')}
              />
            </>
          ) : null}
          <Textarea
            label="Note to the shopper"
            description="Shown on their order page and in the email (optional)"
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
          <Group gap="sm" wrap="wrap">
            {forward === 'delivered' ? (
              // Delivery tells the shopper and starts the days to report a problem: asked first, as cancelling is.
              <ConfirmAction
                label={moveLabels.delivered}
                title={`Mark order #${order.id} as delivered?`}
                message="Do this once the courier confirms the parcel reached the shopper: they are told by email, and their days to report a problem start now."
                confirmLabel="Yes, it was delivered"
                cancelLabel="Not yet"
                confirmColor="blue"
                color="blue"
                variant="filled"
                onConfirm={() => void move('delivered', form.getValues())}
                loading={transition.isPending}
              />
            ) : forward ? (
              <Button type="submit" loading={transition.isPending}>
                {moveLabels[forward]}
              </Button>
            ) : null}
            {moves.includes('cancelled') ? (
              <ConfirmAction
                label="Cancel order"
                title={`Cancel order #${order.id}?`}
                message="The stock goes back on sale, any coupon use is given back, and the shopper is told by email. This cannot be undone."
                confirmLabel="Cancel the order"
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
      <Anchor href={telHref(phone)} aria-label={`Call ${phone}`} fz="sm">
        {phone}
      </Anchor>
      <Anchor
        href={whatsappHref(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`WhatsApp ${phone}`}
        fz="sm"
      >
        WhatsApp
      </Anchor>
    </Group>
  );
}

export function StaffOrderPage({ orderId }: { orderId: number }) {
  const query = useQuery(staffOrderQuery(orderId));
  if (query.isPending) return <LoadingState label="Loading the order" />;
  if (query.isError) {
    return (
      <LoadError
        title={
          query.error instanceof ApiError && query.error.status === 404
            ? 'There is no such order'
            : 'The order could not be loaded'
        }
        error={query.error}
        what="order"
        onRetry={() => void query.refetch()}
        back={
          <Anchor component={Link} to="/admin/orders">
            All orders
          </Anchor>
        }
      />
    );
  }
  const order = query.data;
  const trackingLink = order.tracking?.tracking_url ? safeHref(order.tracking.tracking_url) : null;
  return (
    <AdminPage title={`Order #${order.id}`} actions={<OrderStatusBadge status={order.status} />}>
      <Anchor component={Link} to="/admin/orders" fz="sm">
        ← All orders
      </Anchor>
      <OrderActions key={order.status} order={order} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb={4}>
            Shopper
          </Title>
          <Text>{order.customer.name}</Text>
          {order.customer.email ? <Text fz="sm">{order.customer.email}</Text> : null}
          {order.customer.phone ? <PhoneLinks phone={order.customer.phone} /> : null}
          <Title order={2} fz="h5" mt="sm" mb={4}>
            Deliver to
          </Title>
          <Text fz="sm">{order.address.name}</Text>
          {order.address.phone !== order.customer.phone ? <PhoneLinks phone={order.address.phone} /> : null}
          <Text fz="sm">
            {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ''}
            <br />
            {order.address.city}, {order.address.state} {order.address.pincode}
          </Text>
          <Text fz="sm" mt="xs">
            Payment: cash on delivery, {formatInr(order.total)}
          </Text>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb={4}>
            Items
          </Title>
          <Stack gap={2}>
            {order.items.map((item) => (
              <Group key={item.product_id} justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm">
                  {item.quantity} × {item.name}
                </Text>
                <Text fz="sm">{formatInr(item.line_total)}</Text>
              </Group>
            ))}
            {order.discount > 0 ? (
              <Text fz="sm" c="dimmed">
                Coupon {order.coupon_code}: −{formatInr(order.discount)}
              </Text>
            ) : null}
            <Text fw={700}>Total {formatInr(order.total)}</Text>
            {order.refunds.map((refund) => (
              <Text key={`${refund.at}-${refund.reference}`} fz="sm" data-testid="staff-order-refund">
                Refunded {formatInr(refund.amount)} (reference {refund.reference}) on {formatDateTime(refund.at)}
                {refund.note ? `: ${refund.note}` : ''}
              </Text>
            ))}
            {order.refunds.length > 1 ? (
              <Text fz="sm" fw={600}>
                Refunded in all {formatInr(order.refunded_total)}
              </Text>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} fz="h5" mb={4}>
          Delivery
        </Title>
        {order.tracking ? (
          <Stack gap={2} mb="sm">
            <Text fz="sm">Courier: {order.tracking.courier}</Text>
            <Text fz="sm">Tracking ID: {order.tracking.tracking_id}</Text>
            {trackingLink ? (
              <Anchor href={trackingLink} target="_blank" rel="noopener noreferrer" fz="sm">
                Tracking link
              </Anchor>
            ) : null}
          </Stack>
        ) : null}
        <ol aria-label="Order history" style={{ margin: 0, paddingInlineStart: '1.2em' }}>
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
    </AdminPage>
  );
}
