import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiPaths, apiRequest } from '@/lib/api-client';

const paymentOptionsSchema = z.object({ data: z.object({ online: z.boolean() }) });

/** Which ways to pay the checkout offers: online only when the server has the gateway's keys. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payment-options'],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.publicApi('/payments/options'), { schema: paymentOptionsSchema, signal })).data,
    staleTime: 5 * 60_000,
  });
}
