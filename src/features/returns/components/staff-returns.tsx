import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { couriers } from '@/contract/couriers';
import { type OrderReturn, type ReturnStatus, returnTransitions, type ReturnTransition } from '@/contract/returns';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDateTime, formatInr } from '@/lib/money';
import { staffReturnsQuery, useMoveReturn } from '../api/returns';
import { PrivatePhoto } from './private-photo';
import { reasonLabel, returnStatusLabel } from './return-words';
import { grv_approve } from '@/paraglide/messages/grv_approve.js';
import { grv_asked_refund } from '@/paraglide/messages/grv_asked_refund.js';
import { grv_asked_replacement } from '@/paraglide/messages/grv_asked_replacement.js';
import { grv_book_pickup } from '@/paraglide/messages/grv_book_pickup.js';
import { grv_courier } from '@/paraglide/messages/grv_courier.js';
import { grv_mark_received } from '@/paraglide/messages/grv_mark_received.js';
import { grv_move_failed } from '@/paraglide/messages/grv_move_failed.js';
import { grv_note } from '@/paraglide/messages/grv_note.js';
import { grv_photo_alt } from '@/paraglide/messages/grv_photo_alt.js';
import { grv_pickup_date } from '@/paraglide/messages/grv_pickup_date.js';
import { grv_refund } from '@/paraglide/messages/grv_refund.js';
import { grv_refund_amount } from '@/paraglide/messages/grv_refund_amount.js';
import { grv_refund_reference } from '@/paraglide/messages/grv_refund_reference.js';
import { grv_reject } from '@/paraglide/messages/grv_reject.js';
import { grv_replaced } from '@/paraglide/messages/grv_replaced.js';
import { grv_request_of } from '@/paraglide/messages/grv_request_of.js';
import { grv_restock } from '@/paraglide/messages/grv_restock.js';
import { grv_staff_title } from '@/paraglide/messages/grv_staff_title.js';
import { grv_steps } from '@/paraglide/messages/grv_steps.js';
import { grv_ticket } from '@/paraglide/messages/grv_ticket.js';
import { grv_tracking_id } from '@/paraglide/messages/grv_tracking_id.js';
import { grv_tracking_url } from '@/paraglide/messages/grv_tracking_url.js';
import { pay_refundThroughGateway } from '@/paraglide/messages/pay_refundthroughgateway2.js';

/** The order's returns in the back office, each with the steps staff may take next. */
export function StaffReturns({ orderId, prepaid }: { orderId: number; prepaid: boolean }) {
  const query = useQuery(staffReturnsQuery(orderId));
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label={grv_staff_title()}>
      <Title order={2} fz="h5" mb="sm">
        {grv_staff_title()}
      </Title>
      <Stack gap="lg">
        {query.data.map((item) => (
          <StaffReturn key={`${item.id}-${item.status}`} orderId={orderId} item={item} prepaid={prepaid} />
        ))}
      </Stack>
    </Card>
  );
}

function StaffReturn({ orderId, item, prepaid }: { orderId: number; item: OrderReturn; prepaid: boolean }) {
  return (
    <article aria-label={grv_request_of({ date: formatDateTime(item.created_at) })} data-testid="staff-return">
      <Text fw={600}>
        {grv_request_of({ date: formatDateTime(item.created_at) })} · {returnStatusLabel(item.status)}
      </Text>
      {item.ticket ? (
        <Text fz="sm" c="dimmed">
          {grv_ticket({ ticket: item.ticket })}
        </Text>
      ) : null}
      <Text fz="sm">
        {item.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')} ({formatInr(item.items_total)}) ·{' '}
        {reasonLabel(item.reason)}
      </Text>
      {item.details ? <Text fz="sm">“{item.details}”</Text> : null}
      <Text fz="sm">{item.resolution === 'refund' ? grv_asked_refund() : grv_asked_replacement()}</Text>
      {item.photos.length > 0 ? (
        <Group gap="xs" mt={4}>
          {item.photos.map((url, index) => (
            <PrivatePhoto key={url} url={url} alt={grv_photo_alt({ number: index + 1 })} />
          ))}
        </Group>
      ) : null}
      <ol aria-label={grv_steps()} style={{ margin: '0.5em 0', paddingInlineStart: '1.2em' }}>
        {item.history.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            <Text fz="sm" span fw={600}>
              {returnStatusLabel(step.status)}
            </Text>{' '}
            <Text fz="sm" c="dimmed" span>
              {formatDateTime(step.at)}
            </Text>
            {step.note ? <Text fz="sm">{step.note}</Text> : null}
          </li>
        ))}
      </ol>
      <ReturnActions orderId={orderId} item={item} prepaid={prepaid} />
    </article>
  );
}

/**
 * The next steps of a return, with what each needs. A prepaid order's refund goes back through the payment gateway,
 * whose refund id is its reference: staff give one only for cash on delivery, paid back by UPI or bank transfer.
 */
function ReturnActions({ orderId, item, prepaid }: { orderId: number; item: OrderReturn; prepaid: boolean }) {
  const move = useMoveReturn(orderId);
  const key = useRef(newIdempotencyKey());
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState<string | null>(null);
  const [trackingId, setTrackingId] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [pickupDate, setPickupDate] = useState('');
  // A replacement sends another of the item: what comes back goes into stock only when staff say it can be sold.
  const [restock, setRestock] = useState(item.resolution === 'refund');
  const [amount, setAmount] = useState(String(item.items_total / 100));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const moves = returnTransitions[item.status].filter((to) =>
    to === 'refunded' ? item.resolution === 'refund' : to === 'replaced' ? item.resolution === 'replacement' : true,
  );
  if (moves.length === 0) return null;

  function send(to: ReturnStatus) {
    const input: ReturnTransition = { to, note };
    if (to === 'pickup_scheduled') {
      // What is left empty is left out: the server names the first missing field.
      Object.assign(input, {
        courier: courier ?? undefined,
        tracking_id: trackingId || undefined,
        tracking_url: trackingUrl || undefined,
        pickup_date: pickupDate || undefined,
      });
    }
    if (to === 'received') input.restock = restock;
    if (to === 'refunded') {
      Object.assign(input, {
        refund_amount: amount.trim() === '' ? undefined : Math.round(Number(amount) * 100),
        refund_reference: prepaid ? undefined : reference || undefined,
      });
    }
    setError(null);
    move.mutate(
      { returnId: item.id, input, key: key.current },
      {
        onSuccess: () => {
          key.current = newIdempotencyKey();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? { field: failure.field, message: failure.message }
              : { message: grv_move_failed() },
          ),
      },
    );
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Stack gap="xs">
      {moves.includes('pickup_scheduled') ? (
        <>
          <Select
            label={grv_courier()}
            data={couriers.map((item) => item.name)}
            value={courier}
            onChange={setCourier}
            searchable
            error={fieldError('courier')}
          />
          <TextInput
            label={grv_tracking_id()}
            value={trackingId}
            onChange={(event) => setTrackingId(event.currentTarget.value)}
            error={fieldError('tracking_id')}
          />
          <TextInput
            label={grv_tracking_url()}
            value={trackingUrl}
            onChange={(event) => setTrackingUrl(event.currentTarget.value)}
            error={fieldError('tracking_url')}
          />
          <TextInput
            type="date"
            label={grv_pickup_date()}
            value={pickupDate}
            onChange={(event) => setPickupDate(event.currentTarget.value)}
            error={fieldError('pickup_date')}
          />
        </>
      ) : null}
      {moves.includes('received') ? (
        <Checkbox
          label={grv_restock()}
          checked={restock}
          onChange={(event) => setRestock(event.currentTarget.checked)}
        />
      ) : null}
      {moves.includes('refunded') ? (
        <>
          <TextInput
            label={grv_refund_amount()}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={fieldError('refund_amount')}
          />
          {prepaid ? (
            <Text fz="sm">{pay_refundThroughGateway()}</Text>
          ) : (
            <TextInput
              label={grv_refund_reference()}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              error={fieldError('refund_reference')}
            />
          )}
        </>
      ) : null}
      <Textarea
        label={grv_note()}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        autosize
        minRows={1}
        error={fieldError('note')}
      />
      {error &&
      !['courier', 'tracking_id', 'tracking_url', 'pickup_date', 'refund_amount', 'refund_reference', 'note'].includes(
        error.field ?? '',
      ) ? (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      ) : null}
      <Group gap="xs">
        {moves.map((to) => (
          <Button
            key={to}
            variant={to === 'rejected' ? 'outline' : 'filled'}
            color={to === 'rejected' ? 'red' : undefined}
            loading={move.isPending && move.variables?.input.to === to}
            onClick={() => send(to)}
          >
            {actionLabel(to)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function actionLabel(to: ReturnStatus): string {
  if (to === 'approved') return grv_approve();
  if (to === 'rejected') return grv_reject();
  if (to === 'pickup_scheduled') return grv_book_pickup();
  if (to === 'received') return grv_mark_received();
  if (to === 'refunded') return grv_refund();
  return grv_replaced();
}
