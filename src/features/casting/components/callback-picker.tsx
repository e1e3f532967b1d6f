import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { MyCallback, OfferedSlot } from '@/contract/callbacks';
import { ApiError } from '@/lib/api-client';
import { slots_ask } from '@/paraglide/messages/slots_ask.js';
import { slots_ask_label } from '@/paraglide/messages/slots_ask_label.js';
import { slots_ask_send } from '@/paraglide/messages/slots_ask_send.js';
import { slots_asked } from '@/paraglide/messages/slots_asked.js';
import { slots_confirmed } from '@/paraglide/messages/slots_confirmed.js';
import { slots_contact } from '@/paraglide/messages/slots_contact.js';
import { slots_map } from '@/paraglide/messages/slots_map.js';
import { slots_none_left } from '@/paraglide/messages/slots_none_left.js';
import { slots_offline } from '@/paraglide/messages/slots_offline.js';
import { slots_pick } from '@/paraglide/messages/slots_pick.js';
import { slots_pick_title } from '@/paraglide/messages/slots_pick_title.js';
import { slots_taken } from '@/paraglide/messages/slots_taken.js';
import { slots_video } from '@/paraglide/messages/slots_video.js';
import { slots_when } from '@/paraglide/messages/slots_when.js';
import { slots_your_time } from '@/paraglide/messages/slots_your_time.js';
import { useAnswerCallback } from '../api/callback-api';
import { formatIndiaTime } from './casting-labels';

/** Where and with whom a slot is: its place with a map link, or its video call; the contact; the instructions. */
export function SlotDetails({
  slot,
}: {
  slot: Pick<OfferedSlot, 'place' | 'video_link' | 'map_link' | 'contact' | 'instructions'>;
}) {
  return (
    <>
      {slot.place ? (
        <Text size="sm">
          {slot.place}
          {slot.map_link ? (
            <>
              {' · '}
              <Anchor href={slot.map_link} target="_blank" rel="noopener noreferrer">
                {slots_map()}
              </Anchor>
            </>
          ) : null}
        </Text>
      ) : null}
      {slot.video_link ? (
        <Anchor size="sm" href={slot.video_link} target="_blank" rel="noopener noreferrer">
          {slots_video()}
        </Anchor>
      ) : null}
      <Text size="sm" c="dimmed">
        {slots_contact({ contact: slot.contact })}
      </Text>
      {slot.instructions ? <Text size="sm">{slot.instructions}</Text> : null}
    </>
  );
}

/** The callback slots offered to one application: the applicant picks one, or asks for another time. */
export function CallbackPicker({ callback }: { callback: MyCallback }) {
  const answer = useAnswerCallback();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const chosen = callback.slots.find((slot) => slot.id === callback.chosen_slot_id);
  const open = callback.slots.filter((slot) => !slot.taken || slot.id === callback.chosen_slot_id);
  const error = answer.error;
  const pickingSlot = answer.variables && 'slot_id' in answer.variables ? answer.variables.slot_id : null;
  const noteError = error instanceof ApiError && error.field === 'note' ? error.message : null;
  return (
    <Paper withBorder p="sm" mt="sm" aria-label={slots_pick_title()} component="section">
      <Title order={3} size="h5" mb="xs">
        {slots_pick_title()}
      </Title>
      {chosen ? (
        <Text size="sm" fw={600} mb="xs" role="status">
          {slots_confirmed({ time: formatIndiaTime(chosen.starts_at) })}
        </Text>
      ) : null}
      <Stack gap="sm">
        {callback.slots.map((slot) => (
          <div key={slot.id} data-testid="offered-slot">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text size="sm" fw={600}>
                {slots_when({ time: formatIndiaTime(slot.starts_at), minutes: String(slot.minutes) })}
              </Text>
              {slot.id === callback.chosen_slot_id ? (
                <Badge color="green">{slots_your_time()}</Badge>
              ) : slot.taken ? (
                <Badge color="gray">{slots_taken()}</Badge>
              ) : null}
            </Group>
            <SlotDetails slot={slot} />
            {slot.id !== callback.chosen_slot_id && !slot.taken ? (
              <Button
                size="xs"
                mt={4}
                loading={answer.isPending && pickingSlot === slot.id}
                onClick={() => answer.mutate({ applicationId: callback.application_id, slot_id: slot.id })}
              >
                {slots_pick()}
              </Button>
            ) : null}
          </div>
        ))}
        {open.length === 0 ? <Text size="sm">{slots_none_left()}</Text> : null}
      </Stack>
      {callback.asked_another_time ? (
        <Text size="sm" mt="sm" c="dimmed">
          {slots_asked({ note: callback.asked_another_time })}
        </Text>
      ) : null}
      {asking ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            answer.mutate(
              { applicationId: callback.application_id, note },
              {
                onSuccess: () => setAsking(false),
                onError: () => noteRef.current?.focus(),
              },
            );
          }}
        >
          <Textarea
            ref={noteRef}
            mt="sm"
            label={slots_ask_label()}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={noteError}
            data-autofocus
          />
          <Button type="submit" size="xs" mt="xs" loading={answer.isPending && pickingSlot === null}>
            {slots_ask_send()}
          </Button>
        </form>
      ) : (
        <Button size="xs" variant="subtle" mt="sm" onClick={() => setAsking(true)}>
          {slots_ask()}
        </Button>
      )}
      {error && !noteError ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {error instanceof ApiError ? error.message : slots_offline()}
        </Text>
      ) : null}
    </Paper>
  );
}
