import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  applicationResponseSchema,
  bulkTransitionResponseSchema,
  callResponseSchema,
  type CallInput,
  type PosterTransition,
} from '@/contract/casting';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { castingKeys, myCastingKeys } from './casting-keys';

const write = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown, schema: z.ZodMiniType<T>) =>
  apiRequest(apiPaths.userApi(path), {
    method,
    ...(body === undefined ? {} : { body }),
    auth: true,
    idempotencyKey: newIdempotencyKey(),
    schema,
  });

/** Posts a call, or saves the poster's edit of one. */
export function useSaveCall(callId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CallInput) =>
      (
        await write(
          callId === null ? '/casting-calls' : `/casting-calls/${callId}`,
          callId === null ? 'POST' : 'PUT',
          input,
          callResponseSchema,
        )
      ).data,
    onSuccess: (call) => {
      queryClient.setQueryData(castingKeys.call(call.id), call);
      void queryClient.invalidateQueries({ queryKey: myCastingKeys.calls() });
      void queryClient.invalidateQueries({ queryKey: castingKeys.all() });
    },
    networkMode: 'always',
  });
}

export function useCloseRole(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roleId: number) =>
      (await write(`/casting-calls/${callId}/roles/${roleId}/close`, 'POST', undefined, callResponseSchema)).data,
    onSuccess: (call) => {
      queryClient.setQueryData(castingKeys.call(call.id), call);
      void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() });
    },
    networkMode: 'always',
  });
}

/** The poster moves one application (a callback with its time and place), or the applicant answers a callback. */
export function useTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...body
    }: {
      id: number;
      to?: PosterTransition;
      callback_at?: string;
      callback_place?: string;
      callback_answer?: 'accepted' | 'declined';
    }) => (await write(`/applications/${id}/transition`, 'POST', body, applicationResponseSchema)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}

/** The poster moves one or several applications; their applicants are told at `undo_until`, unless it is undone. */
export function useBulkTransition(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; to: 'shortlisted' | 'selected' | 'not_selected' }) =>
      write(`/casting-calls/${callId}/applications/transition`, 'POST', body, bulkTransitionResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}

/** The poster asks the applicants `application_ids` for a self-tape by the end of `deadline` (India time). */
export function useRequestTapes(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { application_ids: number[]; note: string; deadline: string }) =>
      write(
        `/casting-calls/${callId}/tape-requests`,
        'POST',
        body,
        z.object({ data: z.object({ requested: z.int(), deadline: z.string() }) }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}

/** Undoes the poster's decisions on `ids` before their applicants are told. */
export function useUndoDecisions(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      write(`/casting-calls/${callId}/applications/undo`, 'POST', { ids }, z.object({ undone: z.int() })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.all() }),
    networkMode: 'always',
  });
}

export function usePosterNote() {
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      write(`/applications/${id}/poster-note`, 'PUT', { note }, messageResponseSchema),
    networkMode: 'always',
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await write(`/applications/${id}/withdraw`, 'POST', undefined, applicationResponseSchema)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() }),
    networkMode: 'always',
  });
}

export function useSaveForLater(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saved: boolean) =>
      write(`/me/saved-calls/${callId}`, saved ? 'PUT' : 'DELETE', saved ? {} : undefined, messageResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCastingKeys.saved() }),
    networkMode: 'always',
  });
}

export function useReportCall(callId: number) {
  return useMutation({
    mutationFn: (report: { reason: string; details: string }) =>
      write(`/casting-calls/${callId}/report`, 'POST', report, messageResponseSchema),
    networkMode: 'always',
  });
}
