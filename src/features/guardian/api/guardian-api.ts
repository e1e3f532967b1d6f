import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { guardianConsentResponseSchema, guardianThreadResponseSchema } from '@/contract/profiles';
import { apiPaths, apiRequest } from '@/lib/api-client';

/**
 * A guardian's pages work without an account, by the token of the link mailed to them. The token travels in the
 * request body, never in an address; nothing here is kept on the device (the queries live only while the page does).
 */
const guardianKeys = {
  consent: (token: string) => ['guardian', 'consent', token] as const,
  messages: (token: string) => ['guardian', 'messages', token] as const,
};

const post = <T>(path: string, body: object, schema: z.ZodMiniType<T>) =>
  apiRequest(apiPaths.publicApi(path), { method: 'POST', body, schema });

export function useGuardianConsent(token: string) {
  return useQuery({
    queryKey: guardianKeys.consent(token),
    queryFn: async () => (await post('/guardian/consent', { token }, guardianConsentResponseSchema)).data,
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
}

/** Confirms or withdraws the guardian's consent; the page shows the server's answer. */
export function useConsentDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'confirm' | 'withdraw') =>
      (await post(`/guardian/consent/${action}`, { token }, guardianConsentResponseSchema)).data,
    onSuccess: (view) => queryClient.setQueryData(guardianKeys.consent(token), view),
  });
}

export function useGuardianMessages(token: string) {
  return useQuery({
    queryKey: guardianKeys.messages(token),
    queryFn: async () => (await post('/guardian/messages/read', { token }, guardianThreadResponseSchema)).data,
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
}

export function useGuardianReply(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await post('/guardian/messages', { token, message }, guardianThreadResponseSchema)).data,
    onSuccess: (thread) => queryClient.setQueryData(guardianKeys.messages(token), thread),
  });
}
