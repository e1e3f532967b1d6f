import type { QueryClient } from '@tanstack/react-query';
import type { OutboxKind } from '@/offline/outbox-types';
import { myProfileKeys } from './profile-keys';

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
    title: `Your answer to ${reply.withName} was not sent`,
    message: `${reason} It said: “${reply.message}”`,
  }),
  notKept: 'Your answer was not saved on this device',
};
