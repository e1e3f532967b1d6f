import { useMutation } from '@tanstack/react-query';
import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';

export function createContactMessage(input: ContactMessageInput) {
  return apiRequest(apiPaths.publicApi('/contact'), {
    method: 'POST',
    body: input,
    // Signed in, the message is the member's own: it is in their copy of their data.
    auth: true,
    schema: contactMessageCreatedSchema,
  });
}

/** Sending is never retried on its own: a second copy of a message is worse than asking the user to press again. */
export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage, retry: false, networkMode: 'always' });
}
