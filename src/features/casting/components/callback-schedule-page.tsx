import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
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
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { CallbackSlot } from '@/contract/callbacks';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { slots_add } from '@/paraglide/messages/slots_add.js';
import { slots_add_title } from '@/paraglide/messages/slots_add_title.js';
import { slots_back } from '@/paraglide/messages/slots_back.js';
import { slots_cancel } from '@/paraglide/messages/slots_cancel.js';
import { slots_cancelled } from '@/paraglide/messages/slots_cancelled.js';
import { slots_confirmed_by } from '@/paraglide/messages/slots_confirmed_by.js';
import { slots_contact_label } from '@/paraglide/messages/slots_contact_label.js';
import { slots_date } from '@/paraglide/messages/slots_date.js';
import { slots_instructions } from '@/paraglide/messages/slots_instructions.js';
import { slots_load_failed } from '@/paraglide/messages/slots_load_failed.js';
import { slots_loading } from '@/paraglide/messages/slots_loading.js';
import { slots_minutes } from '@/paraglide/messages/slots_minutes.js';
import { slots_no_shortlist } from '@/paraglide/messages/slots_no_shortlist.js';
import { slots_no_slots } from '@/paraglide/messages/slots_no_slots.js';
import { slots_not_offered } from '@/paraglide/messages/slots_not_offered.js';
import { slots_offer } from '@/paraglide/messages/slots_offer.js';
import { slots_offer_title } from '@/paraglide/messages/slots_offer_title.js';
import { slots_offered } from '@/paraglide/messages/slots_offered.js';
import { slots_offered_waiting } from '@/paraglide/messages/slots_offered_waiting.js';
import { slots_offline } from '@/paraglide/messages/slots_offline.js';
import { slots_open_slots } from '@/paraglide/messages/slots_open_slots.js';
import { slots_place } from '@/paraglide/messages/slots_place.js';
import { slots_place_hint } from '@/paraglide/messages/slots_place_hint.js';
import { slots_requests } from '@/paraglide/messages/slots_requests.js';
import { slots_schedule } from '@/paraglide/messages/slots_schedule.js';
import { slots_shortlist } from '@/paraglide/messages/slots_shortlist.js';
import { slots_start } from '@/paraglide/messages/slots_start.js';
import { slots_title } from '@/paraglide/messages/slots_title.js';
import { slots_video_link } from '@/paraglide/messages/slots_video_link.js';
import { slots_when } from '@/paraglide/messages/slots_when.js';
import { slots_change } from '@/paraglide/messages/slots_change.js';
import { slots_change_title } from '@/paraglide/messages/slots_change_title.js';
import { slots_change_save } from '@/paraglide/messages/slots_change_save.js';
import { slots_change_keep } from '@/paraglide/messages/slots_change_keep.js';
import { slots_changed } from '@/paraglide/messages/slots_changed.js';
import { scheduleQueryOptions, useAddSlot, useCancelSlot, useChangeSlot, useOfferSlots } from '../api/callback-api';
import { SlotDetails } from './callback-picker';
import { formatDay, formatIndiaTime } from './casting-labels';

interface SlotFormValues {
  date: string;
  start: string;
  minutes: number | string;
  place: string;
  video_link: string;
  contact: string;
  instructions: string;
}

/** The values of the slot form: a slot as it is (to change it), or empty (to add one). */
function slotFormValues(slot?: CallbackSlot): SlotFormValues {
  if (!slot) return { date: '', start: '', minutes: 15, place: '', video_link: '', contact: '', instructions: '' };
  // The schedule gives each start in India's time (`2026-12-08T11:00:00+05:30`): its date and clock time as written.
  return {
    date: slot.starts_at.slice(0, 10),
    start: slot.starts_at.slice(11, 16),
    minutes: slot.minutes,
    place: slot.place ?? '',
    video_link: slot.video_link ?? '',
    contact: slot.contact,
    instructions: slot.instructions,
  };
}

/**
 * The slot form: date and start in India time, length, place or video link, contact, instructions. Adds a slot, or,
 * given `slot`, changes it (everyone it concerns is mailed the updated invitation).
 */
function SlotForm({ callId, slot, onDone }: { callId: number; slot?: CallbackSlot; onDone?: () => void }) {
  const add = useAddSlot(callId);
  const change = useChangeSlot(callId);
  const form = useForm<SlotFormValues & { form?: string }>({ initialValues: slotFormValues(slot) });
  const [formError, setFormError] = useState<string | null>(null);
  const title = slot ? slots_change_title() : slots_add_title();
  const submit = form.onSubmit(async (values) => {
    form.clearErrors();
    setFormError(null);
    try {
      const input = { ...values, minutes: Number(values.minutes) };
      if (slot) {
        await change.mutateAsync({ slotId: slot.id, input });
        onDone?.();
        return;
      }
      await add.mutateAsync(input);
      // The next slot is often the same day and place, a little later.
      form.setValues({ start: '' });
    } catch (error) {
      setFormError(applyServerError(form, error, slots_offline()));
    }
  });
  return (
    <form ref={focusFirstError} noValidate onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        {slot ? <Text fw={600}>{title}</Text> : null}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={slots_date()} type="date" required miw={140} {...form.getInputProps('date')} />
          <TextInput label={slots_start()} type="time" required miw={140} {...form.getInputProps('start')} />
        </Group>
        <NumberInput label={slots_minutes()} min={5} max={480} step={5} {...form.getInputProps('minutes')} />
        <TextInput label={slots_place()} description={slots_place_hint()} {...form.getInputProps('place')} />
        <TextInput label={slots_video_link()} type="url" placeholder="https://" {...form.getInputProps('video_link')} />
        <TextInput label={slots_contact_label()} required {...form.getInputProps('contact')} />
        <Textarea label={slots_instructions()} autosize minRows={2} {...form.getInputProps('instructions')} />
        {formError ? (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={slot ? change.isPending : add.isPending}>
            {slot ? slots_change_save() : slots_add()}
          </Button>
          {slot ? (
            <Button variant="default" onClick={onDone}>
              {slots_change_keep()}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** A slot in the day's schedule: its time and place, and who confirmed it (or that it waits). */
function SlotRow({ slot, callId, now }: { slot: CallbackSlot; callId: number; now: number }) {
  const cancel = useCancelSlot(callId);
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const upcoming = !slot.cancelled && new Date(slot.starts_at).getTime() > now;
  if (changing) {
    return (
      <Paper withBorder p="sm" data-testid="schedule-slot">
        <SlotForm
          callId={callId}
          slot={slot}
          onDone={() => {
            setChanging(false);
            setChanged(true);
          }}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid="schedule-slot">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600} size="sm">
          {slots_when({ time: formatIndiaTime(slot.starts_at).split(', ')[1] ?? '', minutes: String(slot.minutes) })}
        </Text>
        {slot.cancelled ? (
          <Badge color="gray">{slots_cancelled()}</Badge>
        ) : slot.confirmed ? (
          <Badge color="green" style={{ textTransform: 'none' }}>
            {slots_confirmed_by({ name: slot.confirmed.name })}
          </Badge>
        ) : slot.offered.length > 0 ? (
          <Badge color="yellow">{slots_offered_waiting()}</Badge>
        ) : (
          <Badge color="gray" variant="light">
            {slots_not_offered()}
          </Badge>
        )}
      </Group>
      <SlotDetails slot={slot} />
      {changed ? (
        <Text size="sm" c="dimmed" role="status" mt={4}>
          {slots_changed()}
        </Text>
      ) : null}
      {!slot.cancelled ? (
        <Group gap="xs" mt={4}>
          {upcoming ? (
            <Button size="xs" variant="light" onClick={() => setChanging(true)}>
              {slots_change()}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(slot.id)}
          >
            {slots_cancel()}
          </Button>
        </Group>
      ) : null}
      {cancel.error ? (
        <Text size="sm" c="red" role="alert">
          {cancel.error instanceof ApiError ? cancel.error.message : slots_offline()}
        </Text>
      ) : null}
    </Paper>
  );
}

/** `/me/casting-calls/{id}/callbacks`: the poster's callback slots by day, offered to the shortlist. */
export function CallbackSchedulePage({ callId }: { callId: number }) {
  const schedule = useQuery(scheduleQueryOptions(callId));
  const offer = useOfferSlots(callId);
  const [applicants, setApplicants] = useState<string[]>([]);
  const [chosenSlots, setChosenSlots] = useState<string[]>([]);
  const data = schedule.data;
  // The time the page opened: a slot that starts while it is open is refused by the server when offered.
  const [now] = useState(() => Date.now());
  const openSlots = (data?.slots ?? []).filter(
    (slot) => !slot.cancelled && !slot.confirmed && new Date(slot.starts_at).getTime() > now,
  );
  const days = new Map<string, CallbackSlot[]>();
  for (const slot of data?.slots ?? []) {
    const day = slot.starts_at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <PageContainer>
      <DocumentTitle page={slots_title()} />
      <Text size="sm">
        <Anchor
          renderRoot={(props) => <Link {...props} to="/me/casting-calls/$callId" params={{ callId: String(callId) }} />}
        >
          {slots_back()}
        </Anchor>
      </Text>
      <Title order={1} mb="md">
        {slots_title()}
      </Title>
      {schedule.isPending ? <LoadingState label={slots_loading()} /> : null}
      {schedule.isError && !data ? (
        <LoadError
          title={slots_load_failed()}
          what="page"
          error={schedule.error}
          onRetry={() => void schedule.refetch()}
        />
      ) : null}
      {data ? (
        <Stack gap="xl">
          <section aria-labelledby="slots-schedule">
            <Title order={2} size="h3" id="slots-schedule" mb="sm">
              {slots_schedule()}
            </Title>
            {data.slots.length === 0 ? <Text>{slots_no_slots()}</Text> : null}
            <Stack gap="md">
              {[...days.entries()].map(([day, slots]) => (
                <div key={day}>
                  <Title order={3} size="h4" mb="xs">
                    {formatDay(day)}
                  </Title>
                  <Stack gap="xs">
                    {slots.map((slot) => (
                      <SlotRow key={slot.id} slot={slot} callId={callId} now={now} />
                    ))}
                  </Stack>
                </div>
              ))}
            </Stack>
          </section>
          {data.requests.length > 0 ? (
            <section aria-labelledby="slots-requests">
              <Title order={2} size="h3" id="slots-requests" mb="sm">
                {slots_requests()}
              </Title>
              <Stack gap="xs">
                {data.requests.map((request) => (
                  <Text key={request.application_id} size="sm">
                    <strong>{request.name}</strong>: {request.note}
                  </Text>
                ))}
              </Stack>
            </section>
          ) : null}
          <section aria-labelledby="slots-offer">
            <Title order={2} size="h3" id="slots-offer" mb="sm">
              {slots_offer_title()}
            </Title>
            {data.shortlist.length === 0 ? (
              <Text>{slots_no_shortlist()}</Text>
            ) : (
              <Stack gap="sm">
                <Checkbox.Group label={slots_shortlist()} value={applicants} onChange={setApplicants}>
                  <Stack gap={6} mt={6}>
                    {data.shortlist.map((item) => (
                      <Checkbox
                        key={item.application_id}
                        value={String(item.application_id)}
                        label={`${item.name} · ${item.role_name}`}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
                <Checkbox.Group label={slots_open_slots()} value={chosenSlots} onChange={setChosenSlots}>
                  <Stack gap={6} mt={6}>
                    {openSlots.map((slot) => (
                      <Checkbox
                        key={slot.id}
                        value={String(slot.id)}
                        label={slots_when({ time: formatIndiaTime(slot.starts_at), minutes: String(slot.minutes) })}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
                {offer.isSuccess ? (
                  <Alert color="green" variant="light" role="status">
                    {slots_offered()}
                  </Alert>
                ) : null}
                {offer.error ? (
                  <Text size="sm" c="red" role="alert">
                    {offer.error instanceof ApiError ? offer.error.message : slots_offline()}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    loading={offer.isPending}
                    onClick={() =>
                      offer.mutate(
                        { application_ids: applicants.map(Number), slot_ids: chosenSlots.map(Number) },
                        {
                          onSuccess: () => {
                            setApplicants([]);
                            setChosenSlots([]);
                          },
                        },
                      )
                    }
                  >
                    {slots_offer()}
                  </Button>
                </Group>
              </Stack>
            )}
          </section>
          <section aria-labelledby="slots-add">
            <Title order={2} size="h3" id="slots-add" mb="sm">
              {slots_add_title()}
            </Title>
            <SlotForm callId={callId} />
          </section>
        </Stack>
      ) : null}
    </PageContainer>
  );
}
