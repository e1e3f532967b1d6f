import type { QueryClient } from '@tanstack/react-query';
import type { ApplicationInput } from '@/contract/casting';
import type { OutboxKind } from '@/offline/outbox-types';
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
}

/**
 * An application written while offline, or whose sending failed on the network: sent once when the network returns,
 * with the key made when Send application was pressed (the server may have it already: it answers as it did). When the server refuses it (the deadline passed meanwhile), the note is kept on the device to copy.
 */
export const applicationOutbox: OutboxKind<QueuedApplication, { queryClient: QueryClient }> = {
  name: 'application',
  owner: 'user',
  laneOf: (application) => `application:${application.roleId}`,
  async send(application, { idempotencyKey }) {
    // Loaded when there is an application to send: the casting schemas stay out of every visitor's start.
    const { sendApplication } = await import('./send-application');
    await sendApplication(application.callId, application.roleId, application.input, idempotencyKey);
  },
  settled(_run, context) {
    void context.queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() });
  },
  delivered: (application) => ({
    title: apply_sent(),
    message: apply_sent_text({ role: application.roleName, call: application.callTitle }),
  }),
  refusal(application, reason) {
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
