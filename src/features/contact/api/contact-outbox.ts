import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';
import type { OutboxKind } from '@/offline/outbox-types';
import { contact_not_kept } from '@/paraglide/messages/contact_not_kept.js';
import { contact_refused } from '@/paraglide/messages/contact_refused.js';
import { contact_success } from '@/paraglide/messages/contact_success.js';
import { contact_thank_you } from '@/paraglide/messages/contact_thank_you.js';

/**
 * A contact message written while offline, or whose sending failed on the network, sent by itself when the network returns, once (its Idempotency-Key, made
 * when the person pressed Send, sees to that). Anyone may send one, signed in or not; messages are sent in order.
 */
export const contactOutbox: OutboxKind<ContactMessageInput> = {
  name: 'contact',
  owner: 'anyone',
  laneOf: () => 'contact',
  async send(message, { idempotencyKey }) {
    await apiRequest(apiPaths.publicApi('/contact'), {
      method: 'POST',
      body: message,
      // A signed-in member's message counts toward their messages an hour and a day.
      auth: true,
      idempotencyKey,
      schema: contactMessageCreatedSchema,
    });
  },
  delivered: () => ({ title: contact_thank_you(), message: contact_success() }),
  refusal: (_message, reason) => ({ title: contact_refused(), message: reason }),
  get notKept() {
    return contact_not_kept();
  },
};
