import type { QueryClient } from '@tanstack/react-query';
import type { ApplicationInput } from '@/contract/casting';
import { ApiError } from '@/lib/api-client';
import type { OutboxKind } from '@/offline/outbox-types';
import { deleteTape, getTape } from '@/offline/tapes';
import { apply_not_kept } from '@/paraglide/messages/apply_not_kept.js';
import { apply_not_sent } from '@/paraglide/messages/apply_not_sent.js';
import { apply_note_kept } from '@/paraglide/messages/apply_note_kept.js';
import { apply_sent } from '@/paraglide/messages/apply_sent.js';
import { apply_sent_text } from '@/paraglide/messages/apply_sent_text.js';
import { myCastingKeys } from './casting-keys';
import { keepUnsentNote } from './unsent-notes';

export interface QueuedApplication {
  callId: number;
  roleId: number;
  callTitle: string;
  roleName: string;
  input: ApplicationInput;
  /** The self-tape it carries, by its number on this device (offline/tapes.ts): the application waits for it. */
  tapeKey?: number;
}

/** The tape's number on the server once every byte of it is there; null while it is on its way. */
async function arrivedTape(application: QueuedApplication): Promise<number | null> {
  if (application.tapeKey === undefined) return null;
  const tape = await getTape(application.tapeKey);
  if (tape?.failure) throw new ApiError(422, tape.failure, 'self_tape_id');
  return tape && tape.file === null && tape.tapeId !== null ? tape.tapeId : null;
}

/**
 * An application written while offline, or whose sending failed on the network: sent once when the network returns,
 * with the key made when Send application was pressed (the server may have it already: it answers as it did). When the server refuses it (the deadline passed meanwhile), the note is kept on the device to copy.
 */
export const applicationOutbox: OutboxKind<QueuedApplication, { queryClient: QueryClient }> = {
  name: 'application',
  owner: 'user',
  laneOf: (application) => `application:${application.roleId}`,
  // Sent once its tape has arrived, with the tape's number: never before, so it is sent once.
  async held(application) {
    if (application.tapeKey === undefined) return false;
    const tape = await getTape(application.tapeKey);
    return tape !== undefined && tape.failure === null && (tape.file !== null || tape.tapeId === null);
  },
  async send(application, { idempotencyKey }) {
    // Loaded when there is an application to send: the casting schemas stay out of every visitor's start.
    const { sendApplication } = await import('./send-application');
    const tapeId = await arrivedTape(application);
    const input = tapeId === null ? application.input : { ...application.input, self_tape_id: tapeId };
    await sendApplication(application.callId, application.roleId, input, idempotencyKey);
    if (application.tapeKey !== undefined) await deleteTape(application.tapeKey);
  },
  settled(_run, context) {
    void context.queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() });
  },
  delivered: (application) => ({
    title: apply_sent(),
    message: apply_sent_text({ role: application.roleName, call: application.callTitle }),
  }),
  refusal(application, reason) {
    // Refused for good: the video it waited for has no use on the device any more.
    if (application.tapeKey !== undefined) void deleteTape(application.tapeKey);
    keepUnsentNote({
      callId: application.callId,
      callTitle: application.callTitle,
      roleName: application.roleName,
      note: application.input.note ?? '',
      reason,
      at: Date.now(),
    });
    return {
      title: apply_not_sent({ role: application.roleName }),
      message: `${reason}${application.input.note ? apply_note_kept() : ''}`,
    };
  },
  // Read when shown, in the page's language.
  get notKept() {
    return apply_not_kept();
  },
};
