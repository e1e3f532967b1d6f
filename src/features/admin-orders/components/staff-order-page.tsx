import {
  Alert,
  Anchor,
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
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { LoadError, LoadingState } from '@/components/query-states';
import { orderTransitions, type OrderTransition, type StaffOrder } from '@/contract/admin';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime, formatInr } from '@/lib/money';
import { statusLabels } from '@/lib/order-status-labels';
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
    return { to, courier, tracking_id, tracking_url, note };
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
  });
  const moves = orderTransitions[order.status];
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
      setFailure(applyServerError(form, error, OFFLINE));
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
          {moves.includes('shipped') ? (
            <>
              <TextInput label="Courier" required autoComplete="off" {...form.getInputProps('courier')} />
              <TextInput label="Tracking ID" required autoComplete="off" {...form.getInputProps('tracking_id')} />
              <TextInput
                label="Tracking link"
                description="The courier’s page for this parcel (optional)"
                type="url"
                inputMode="url"
                {...form.getInputProps('tracking_url')}
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
                description={`At most the order’s total, ${formatInr(order.total)}`}
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
            {forward ? (
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
          <Text fz="sm">{order.customer.email}</Text>
          {order.customer.phone ? <Text fz="sm">{order.customer.phone}</Text> : null}
          <Title order={2} fz="h5" mt="sm" mb={4}>
            Deliver to
          </Title>
          <Text fz="sm">
            {order.address.name}, {order.address.phone}
            <br />
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
            {order.refund ? (
              <Text fz="sm">
                Refunded {formatInr(order.refund.amount)} (reference {order.refund.reference})
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
