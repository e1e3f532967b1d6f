import { useMutation } from '@tanstack/react-query';
import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';

export function createContactMessage(input: ContactMessageInput) {
  return apiRequest(apiPaths.publicApi('/contact'), {
    method: 'POST',
    body: input,
    // A signed-in member's message counts toward their messages an hour and a day.
    auth: true,
    schema: contactMessageCreatedSchema,
  });
}

/** Sending is never retried on its own: a second copy of a message is worse than asking the user to press again. */
export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage, retry: false, networkMode: 'always' });
}
