import type { QueryClient } from '@tanstack/react-query';
import type { OutboxKind } from '@/offline/outbox-types';
import { myProfileKeys } from './profile-keys';
import { messages_not_kept } from '@/paraglide/messages/messages_not_kept.js';
import { messages_not_sent } from '@/paraglide/messages/messages_not_sent.js';
import { messages_not_sent_title } from '@/paraglide/messages/messages_not_sent_title.js';

export interface QueuedReply {
  conversationId: number;
  /** The other side's name, for the notice if the server refuses it. */
  withName: string;
  message: string;
}

/**
 * An answer in a conversation: kept on the device first and shown under the conversation as waiting, sent once (with
 * the key made when Send was pressed) as soon as the network allows, in the order written.
 */
export const replyOutbox: OutboxKind<QueuedReply, { queryClient: QueryClient }> = {
  name: 'reply',
  owner: 'user',
  laneOf: (reply) => `reply:${reply.conversationId}`,
  async send(reply, { idempotencyKey, context }) {
    const { sendReply } = await import('./send-reply');
    await sendReply(reply.conversationId, reply.message, idempotencyKey);
    // The conversation as the server has it now, before the waiting copy goes: the answer never blinks out.
    await context.queryClient.invalidateQueries({ queryKey: myProfileKeys.conversations() });
  },
  refusal: (reply, reason) => ({
    title: messages_not_sent_title({ name: reply.withName }),
    message: messages_not_sent({ reason, message: reply.message }),
  }),
  // Read when shown, in the page's language.
  get notKept() {
    return messages_not_kept();
  },
};
