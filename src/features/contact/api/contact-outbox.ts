import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';
import type { OutboxKind } from '@/offline/outbox-types';

/** What the sender is told once the team has the message (the server's own words for it). */
export const CONTACT_SUCCESS_TEXT = "Message sent successfully! We'll get back to you within 24 hours";

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
  delivered: () => ({ title: 'Thank you', message: CONTACT_SUCCESS_TEXT }),
  refusal: (_message, reason) => ({ title: 'Your message could not be sent', message: reason }),
  notKept: 'Your message was not saved',
};
