import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { Order } from '@/contract/orders';
import {
  type OrderReturn,
  RETURN_PHOTOS_MAX,
  type ReturnReason,
  returnReasons,
  type ReturnResolution,
} from '@/contract/returns';
import { ApiError, NetworkError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDate, formatDateTime, formatInr } from '@/lib/money';
import { safeHref } from '@/lib/safe-url';
import { ImageRefusal } from '@/lib/shrink-image';
import { returnsQueryOptions, uploadReturnPhoto, useRequestReturn } from '../api/returns';
import { PrivatePhoto } from './private-photo';
import { reasonLabel, returnStatusLabel } from './return-words';
import { grv_asked_refund } from '@/paraglide/messages/grv_asked_refund.js';
import { grv_asked_replacement } from '@/paraglide/messages/grv_asked_replacement.js';
import { grv_cancel_form } from '@/paraglide/messages/grv_cancel_form.js';
import { grv_details } from '@/paraglide/messages/grv_details.js';
import { grv_details_hint } from '@/paraglide/messages/grv_details_hint.js';
import { grv_failed } from '@/paraglide/messages/grv_failed.js';
import { grv_items } from '@/paraglide/messages/grv_items.js';
import { grv_offline } from '@/paraglide/messages/grv_offline.js';
import { grv_photo_add } from '@/paraglide/messages/grv_photo_add.js';
import { grv_photo_alt } from '@/paraglide/messages/grv_photo_alt.js';
import { grv_photo_failed } from '@/paraglide/messages/grv_photo_failed.js';
import { grv_photo_remove } from '@/paraglide/messages/grv_photo_remove.js';
import { grv_photo_uploading } from '@/paraglide/messages/grv_photo_uploading.js';
import { grv_photos } from '@/paraglide/messages/grv_photos.js';
import { grv_photos_hint } from '@/paraglide/messages/grv_photos_hint.js';
import { grv_pickup_line } from '@/paraglide/messages/grv_pickup_line.js';
import { grv_quantity } from '@/paraglide/messages/grv_quantity.js';
import { grv_reason } from '@/paraglide/messages/grv_reason.js';
import { grv_reason_pick } from '@/paraglide/messages/grv_reason_pick.js';
import { grv_refund_line } from '@/paraglide/messages/grv_refund_line.js';
import { grv_request_of } from '@/paraglide/messages/grv_request_of.js';
import { grv_returns_title } from '@/paraglide/messages/grv_returns_title.js';
import { grv_send } from '@/paraglide/messages/grv_send.js';
import { grv_sent } from '@/paraglide/messages/grv_sent.js';
import { grv_start } from '@/paraglide/messages/grv_start.js';
import { grv_steps } from '@/paraglide/messages/grv_steps.js';
import { grv_ticket } from '@/paraglide/messages/grv_ticket.js';
import { grv_track } from '@/paraglide/messages/grv_track.js';
import { grv_want } from '@/paraglide/messages/grv_want.js';
import { grv_want_refund } from '@/paraglide/messages/grv_want_refund.js';
import { grv_want_replacement } from '@/paraglide/messages/grv_want_replacement.js';
import { grv_window_text } from '@/paraglide/messages/grv_window_text.js';
import { grv_write_instead } from '@/paraglide/messages/grv_write_instead.js';

/**
 * "Return or report a problem" on a delivered order (within the refund policy's 30 days of delivery), and every return
 * of the order with its steps, as the shopper follows them.
 */
export function ReturnSection({ order }: { order: Order }) {
  const returns = useQuery(returnsQueryOptions(order.id));
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const list = returns.data ?? [];
  if (!order.report_problem_until && list.length === 0) return null;
  return (
    <section aria-label={grv_start()}>
      <Stack gap="sm">
        {sent ? (
          <Alert color="green" variant="light" role="status">
            {grv_sent({ ticket: sent })}
          </Alert>
        ) : null}
        {order.report_problem_until && !open ? (
          <>
            <Text fz="sm">{grv_window_text({ date: formatDate(order.report_problem_until) })}</Text>
            <Button variant="light" onClick={() => setOpen(true)}>
              {grv_start()}
            </Button>
            <Anchor
              fz="sm"
              renderRoot={(props) => <Link {...props} to="/contact" search={{ order: String(order.id) }} />}
            >
              {grv_write_instead()}
            </Anchor>
          </>
        ) : null}
        {open ? (
          <ReturnForm
            order={order}
            onDone={(ticket) => {
              setOpen(false);
              setSent(ticket);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
        {list.length > 0 ? (
          <section aria-label={grv_returns_title()}>
            <Title order={2} fz="md" mb="xs">
              {grv_returns_title()}
            </Title>
            <Stack gap="md">
              {list.map((item) => (
                <ReturnSteps key={item.id} item={item} />
              ))}
            </Stack>
          </section>
        ) : null}
      </Stack>
    </section>
  );
}

function ReturnSteps({ item }: { item: OrderReturn }) {
  const trackingLink = item.pickup?.tracking_url ? safeHref(item.pickup.tracking_url) : null;
  return (
    <article aria-label={grv_request_of({ date: formatDate(item.created_at) })} data-testid="order-return">
      <Text fw={600}>{grv_request_of({ date: formatDate(item.created_at) })}</Text>
      {item.ticket ? (
        <Text fz="sm" c="dimmed">
          {grv_ticket({ ticket: item.ticket })}
        </Text>
      ) : null}
      <Text fz="sm">
        {item.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')} · {reasonLabel(item.reason)}
      </Text>
      <Text fz="sm">{item.resolution === 'refund' ? grv_asked_refund() : grv_asked_replacement()}</Text>
      {item.photos.length > 0 ? (
        <Group gap="xs" mt={4}>
          {item.photos.map((url, index) => (
            <PrivatePhoto key={url} url={url} alt={grv_photo_alt({ number: index + 1 })} />
          ))}
        </Group>
      ) : null}
      <ol aria-label={grv_steps()} style={{ margin: '0.5em 0 0', paddingInlineStart: '1.2em' }}>
        {item.history.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            <Text fz="sm" fw={600} span>
              {returnStatusLabel(step.status)}
            </Text>{' '}
            <Text fz="sm" c="dimmed" span>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </Text>
            {step.status === 'pickup_scheduled' && item.pickup ? (
              <Text fz="sm">
                {grv_pickup_line({
                  courier: item.pickup.courier,
                  date: formatDate(`${item.pickup.date}T12:00:00+05:30`),
                  id: item.pickup.tracking_id,
                })}{' '}
                {trackingLink ? (
                  <Anchor href={trackingLink} target="_blank" rel="noopener noreferrer" fz="sm">
                    {grv_track()}
                  </Anchor>
                ) : null}
              </Text>
            ) : null}
            {step.status === 'refunded' && item.refund_amount !== null ? (
              <Text fz="sm">{grv_refund_line({ amount: formatInr(item.refund_amount) })}</Text>
            ) : null}
            {step.note ? <Text fz="sm">{step.note}</Text> : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

function ReturnForm({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: (ticket: string) => void;
  onCancel: () => void;
}) {
  const request = useRequestReturn(order.id);
  const key = useRef(newIdempotencyKey());
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    order.items.length === 1 ? { 0: order.items[0]!.quantity } : ({} as Record<number, number>),
  );
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [resolution, setResolution] = useState<ReturnResolution>('refund');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useRef<Record<string, HTMLElement | null>>({});

  function showError(field: string, message: string) {
    setErrors({ [field]: message });
    fields.current[field]?.focus();
  }

  async function addPhoto(file: File | null) {
    if (!file) return;
    setUploading(true);
    setErrors({});
    try {
      const name = await uploadReturnPhoto(file);
      setPhotos((current) => [...current, name]);
    } catch (error) {
      showError(
        'photos',
        error instanceof ApiError || error instanceof ImageRefusal
          ? error.message
          : error instanceof NetworkError
            ? grv_offline()
            : grv_photo_failed(),
      );
    } finally {
      setUploading(false);
    }
  }

  function submit() {
    const items = Object.entries(chosen)
      .filter(([, quantity]) => quantity > 0)
      .map(([line, quantity]) => ({ line: Number(line), quantity }));
    setErrors({});
    request.mutate(
      {
        input: {
          items,
          reason: reason as ReturnReason,
          details,
          resolution,
          photos,
        },
        key: key.current,
      },
      {
        onSuccess: (created) => onDone(created.ticket ?? ''),
        onError: (error) => {
          if (error instanceof ApiError && error.field) {
            showError(
              error.field === 'items' || error.field.startsWith('items') ? 'items' : error.field,
              error.message,
            );
          } else {
            showError('form', error instanceof NetworkError ? grv_offline() : grv_failed());
          }
        },
      },
    );
  }

  return (
    <form
      aria-label={grv_start()}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="md">
          {grv_start()}
        </Title>
        <fieldset
          style={{ border: 0, padding: 0, margin: 0 }}
          tabIndex={-1}
          ref={(element) => {
            fields.current.items = element;
          }}
        >
          <Text component="legend" fw={600} fz="sm" mb={4}>
            {grv_items()}
          </Text>
          <Stack gap="xs">
            {order.items.map((item, line) => (
              <Group key={`${item.product_id}-${line}`} gap="xs" wrap="nowrap" justify="space-between">
                <Checkbox
                  label={item.name}
                  checked={(chosen[line] ?? 0) > 0}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setChosen((current) => ({ ...current, [line]: checked ? item.quantity : 0 }));
                  }}
                  style={{ flex: 1, minWidth: 0 }}
                />
                {item.quantity > 1 ? (
                  <NumberInput
                    aria-label={grv_quantity({ name: item.name })}
                    min={0}
                    max={item.quantity}
                    value={chosen[line] ?? 0}
                    onChange={(value) => setChosen((current) => ({ ...current, [line]: Number(value) || 0 }))}
                    w={80}
                  />
                ) : null}
              </Group>
            ))}
          </Stack>
          {errors.items ? (
            <Text c="red" fz="sm" role="alert">
              {errors.items}
            </Text>
          ) : null}
        </fieldset>
        <NativeSelect
          label={grv_reason()}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as ReturnReason)}
          data={[
            { value: '', label: grv_reason_pick(), disabled: true },
            ...returnReasons.map((value) => ({ value, label: reasonLabel(value) })),
          ]}
          error={errors.reason}
          ref={(element) => {
            fields.current.reason = element;
          }}
          withAsterisk
        />
        <Textarea
          label={grv_details()}
          description={grv_details_hint()}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
          error={errors.details}
          withAsterisk={reason === 'other'}
          ref={(element) => {
            fields.current.details = element;
          }}
        />
        <div>
          <Text fw={600} fz="sm">
            {grv_photos()}
          </Text>
          <Text fz="xs" c="dimmed" mb={4}>
            {grv_photos_hint({ max: RETURN_PHOTOS_MAX })}
          </Text>
          {photos.length > 0 ? (
            <Group gap="xs" mb="xs">
              {photos.map((name, index) => (
                <Stack key={name} gap={2} align="center">
                  <PrivatePhoto
                    url={`/backend/api/api/user/v1/returns/photos/${name}`}
                    alt={grv_photo_alt({ number: index + 1 })}
                  />
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => setPhotos((current) => current.filter((photo) => photo !== name))}
                  >
                    {grv_photo_remove({ number: index + 1 })}
                  </Button>
                </Stack>
              ))}
            </Group>
          ) : null}
          {photos.length < RETURN_PHOTOS_MAX ? (
            <FileButton onChange={(file) => void addPhoto(file)} accept="image/jpeg,image/png,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  loading={uploading}
                  ref={(element: HTMLButtonElement | null) => {
                    fields.current.photos = element;
                  }}
                >
                  {grv_photo_add()}
                </Button>
              )}
            </FileButton>
          ) : null}
          {uploading ? (
            <Text fz="xs" role="status">
              {grv_photo_uploading()}
            </Text>
          ) : null}
          {errors.photos ? (
            <Text c="red" fz="sm" role="alert">
              {errors.photos}
            </Text>
          ) : null}
        </div>
        <Radio.Group
          label={grv_want()}
          value={resolution}
          onChange={(value) => setResolution(value as ReturnResolution)}
        >
          <Stack gap={6} mt={4}>
            <Radio value="refund" label={grv_want_refund()} />
            <Radio value="replacement" label={grv_want_replacement()} />
          </Stack>
        </Radio.Group>
        {errors.form ? (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={request.isPending} disabled={uploading}>
            {grv_send()}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {grv_cancel_form()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
