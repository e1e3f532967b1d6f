import { useMutation } from '@tanstack/react-query';
import { contactClaimedSchema } from '@/contract/contact';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

/** Asks for a link, mailed to the account's own address, that attaches the contact messages sent from it signed out. */
export function useAskContactClaim() {
  return useMutation({
    mutationFn: () =>
      apiRequest(apiPaths.userApi('/me/contact-messages/claim'), {
        method: 'POST',
        auth: true,
        schema: messageResponseSchema,
      }),
    networkMode: 'always',
  });
}

/** Follows the mailed link: its token attaches the messages to the account that asked (no sign-in needed). */
export function useClaimContactMessages() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.userApi('/contact-claims'), {
        method: 'POST',
        body: { token },
        schema: contactClaimedSchema,
      }),
    networkMode: 'always',
  });
}
