import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { applicants_offline } from '@/paraglide/messages/applicants_offline.js';
import { tapeUp_deadline } from '@/paraglide/messages/tapeup_deadline1.js';
import { tapeUp_dialog_title } from '@/paraglide/messages/tapeup_dialog_title1.js';
import { tapeUp_note } from '@/paraglide/messages/tapeup_note1.js';
import { tapeUp_note_hint } from '@/paraglide/messages/tapeup_note_hint1.js';
import { tapeUp_send } from '@/paraglide/messages/tapeup_send1.js';
import { useRequestTapes } from '../api/casting-mutations';

/** Today's date in India (`2026-11-28`), `days` on: the deadline is a day of India's calendar. */
function indiaDay(days = 0): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The poster asks the chosen applicants (`ids`; `who` names them) for a self-tape: what it should show, and the day it
 * is due. Each applicant is told, and their tape answers the request.
 */
export function TapeRequestDialog({
  callId,
  ids,
  who,
  onClose,
  onSent,
}: {
  callId: number;
  ids: number[];
  who: string;
  onClose: () => void;
  onSent: (deadline: string) => void;
}) {
  const request = useRequestTapes(callId);
  const [deadline, setDeadline] = useState(indiaDay(3));
  const [note, setNote] = useState('');
  const error = request.error instanceof ApiError ? request.error : null;
  return (
    <Modal opened onClose={onClose} title={tapeUp_dialog_title({ who })} centered>
      <form
        ref={focusFirstError}
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate(
            { application_ids: ids, note: note.trim(), deadline },
            { onSuccess: (answer) => onSent(answer.data.deadline) },
          );
        }}
      >
        <Stack>
          <TextInput
            label={tapeUp_deadline()}
            type="date"
            min={indiaDay()}
            value={deadline}
            onChange={(event) => setDeadline(event.currentTarget.value)}
            error={error?.field === 'deadline' ? error.message : null}
            required
          />
          <Textarea
            label={tapeUp_note()}
            description={tapeUp_note_hint()}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error?.field === 'note' ? error.message : null}
            maxLength={2000}
            autosize
            minRows={3}
          />
          {request.error && error?.field !== 'deadline' && error?.field !== 'note' ? (
            <Text c="red" size="sm" role="alert">
              {request.error instanceof ApiError ? request.error.message : applicants_offline()}
            </Text>
          ) : null}
          <Button type="submit" loading={request.isPending}>
            {tapeUp_send()}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
