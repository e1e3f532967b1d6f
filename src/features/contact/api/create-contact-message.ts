import { useMutation } from '@tanstack/react-query';
import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';

/**
 * Sends a message with the key made when Send was pressed: if the network fails after the server stored it, the
 * outbox sends it again with that key and the server keeps one copy.
 */
export function createContactMessage({
  input,
  idempotencyKey,
}: {
  input: ContactMessageInput;
  idempotencyKey: string;
}) {
  return apiRequest(apiPaths.publicApi('/contact'), {
    method: 'POST',
    body: input,
    // Signed in, the message is the member's own (it is in their copy of their data) and counts toward their
    // messages an hour and a day.
    auth: true,
    idempotencyKey,
    schema: contactMessageCreatedSchema,
  });
}

/** Sending is never retried on its own: a network failure goes to the outbox, with its key. */
export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage, retry: false, networkMode: 'always' });
}
