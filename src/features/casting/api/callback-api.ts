import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  myCallbackResponseSchema,
  myCallbacksResponseSchema,
  offerResponseSchema,
  scheduleResponseSchema,
  slotResponseSchema,
  type SlotInput,
} from '@/contract/callbacks';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { myCastingKeys } from './casting-keys';

/** Callback slots: the poster's schedule of a call, and the slots offered to the signed-in applicant. */
const callbackKeys = {
  schedule: (callId: number) => [...myCastingKeys.all(), 'callback-slots', callId] as const,
  mine: () => [...myCastingKeys.all(), 'callbacks'] as const,
};

export function scheduleQueryOptions(callId: number) {
  return queryOptions({
    queryKey: callbackKeys.schedule(callId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi(`/me/casting-calls/${callId}/callback-slots`), {
          schema: scheduleResponseSchema,
          auth: true,
          signal,
        })
      ).data,
    // Applicants confirm meanwhile: asked again whenever the schedule shows.
    staleTime: 0,
  });
}

export function myCallbacksQueryOptions() {
  return queryOptions({
    queryKey: callbackKeys.mine(),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.userApi('/me/callbacks'), { schema: myCallbacksResponseSchema, auth: true, signal }))
        .data,
    staleTime: 0,
  });
}

const write = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown, schema: z.ZodMiniType<T>) =>
  apiRequest(apiPaths.userApi(path), {
    method,
    ...(body === undefined ? {} : { body }),
    auth: true,
    idempotencyKey: newIdempotencyKey(),
    schema,
  });

/** The poster adds a slot to the call. */
export function useAddSlot(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlotInput) =>
      write(`/me/casting-calls/${callId}/callback-slots`, 'POST', input, slotResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callbackKeys.schedule(callId) }),
    networkMode: 'always',
  });
}

/** The poster cancels a slot: everyone it was offered to is mailed the cancellation. */
export function useCancelSlot(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) => write(`/callback-slots/${slotId}`, 'DELETE', undefined, slotResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callbackKeys.schedule(callId) }),
    networkMode: 'always',
  });
}

/** The poster changes a slot: everyone offered it, or the one who confirmed it, is mailed the updated invitation. */
export function useChangeSlot(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slotId, input }: { slotId: number; input: SlotInput }) =>
      write(`/callback-slots/${slotId}`, 'PUT', input, slotResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callbackKeys.schedule(callId) }),
    networkMode: 'always',
  });
}

/** The poster offers slots to applicants of the shortlist. */
export function useOfferSlots(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { application_ids: number[]; slot_ids: number[] }) =>
      write(`/me/casting-calls/${callId}/callback-offers`, 'POST', body, offerResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}

/** The applicant picks a slot, or asks for another time. */
export function useAnswerCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ...body }: { applicationId: number } & ({ slot_id: number } | { note: string })) =>
      write(
        `/applications/${applicationId}/${'slot_id' in body ? 'callback-slot' : 'callback-request'}`,
        'POST',
        body,
        myCallbackResponseSchema,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}
