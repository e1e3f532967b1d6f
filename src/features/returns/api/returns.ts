import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  grievanceListSchema,
  grievanceOfficerResponseSchema,
  type GrievanceOfficer,
  grievanceResponseSchema,
  returnListSchema,
  returnPhotoResponseSchema,
  type ReturnRequestInput,
  returnResponseSchema,
  type ReturnTransition,
} from '@/contract/returns';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';
import { uploadImage } from '@/lib/upload-image';

/** The shopper's returns of one order, under the order's key: a logout removes them with it. */
const returnsKey = (orderId: number) => [...accountKeys.order(orderId), 'returns'] as const;

export function returnsQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: returnsKey(orderId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi(`/orders/${orderId}/returns`), {
          auth: true,
          schema: returnListSchema,
          signal,
        })
      ).data,
    staleTime: 0,
  });
}

/** Uploads one photo (shrunk on the device first); its stored name. */
export async function uploadReturnPhoto(file: File): Promise<string> {
  const answer = await uploadImage(apiPaths.userApi('/returns/photos'), file, {
    idempotencyKey: newIdempotencyKey(),
    schema: returnPhotoResponseSchema,
    onProgress: () => {},
  });
  return answer.data.name;
}

export function useRequestReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: ReturnRequestInput; key: string }) =>
      (
        await apiRequest(apiPaths.userApi(`/orders/${orderId}/returns`), {
          method: 'POST',
          auth: true,
          body: input,
          idempotencyKey: key,
          schema: returnResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.order(orderId) }),
  });
}

export function staffReturnsQuery(orderId: number) {
  return queryOptions({
    queryKey: [...adminKeys.item('orders', orderId), 'returns'],
    queryFn: ({ signal }) => adminRequest(`/orders/${orderId}/returns`, { schema: returnListSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useMoveReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ returnId, input, key }: { returnId: number; input: ReturnTransition; key: string }) =>
      (
        await adminRequest(`/returns/${returnId}/transition`, {
          method: 'POST',
          body: input,
          idempotencyKey: key,
          schema: returnResponseSchema,
        })
      ).data,
    // A refund changes the order too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.item('orders', orderId) }),
  });
}

export function grievancesQuery() {
  return queryOptions({
    queryKey: adminKeys.list('grievances', {}),
    queryFn: ({ signal }) => adminRequest('/grievances', { schema: grievanceListSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useAnswerGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      step,
      note,
      key,
    }: {
      id: number;
      step: 'acknowledge' | 'resolve';
      note: string;
      key: string;
    }) =>
      (
        await adminRequest(`/grievances/${id}/${step}`, {
          method: 'POST',
          body: { note },
          idempotencyKey: key,
          schema: grievanceResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.list('grievances', {}) }),
  });
}

export function staffOfficerQuery() {
  return queryOptions({
    queryKey: adminKeys.item('grievance-officer', 1),
    queryFn: ({ signal }) => adminRequest('/grievance-officer', { schema: grievanceOfficerResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useSaveOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ officer, key }: { officer: GrievanceOfficer; key: string }) =>
      (
        await adminRequest('/grievance-officer', {
          method: 'PUT',
          body: officer,
          idempotencyKey: key,
          schema: grievanceOfficerResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.item('grievance-officer', 1) }),
  });
}

/** The public page's officer. */
export function officerQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'grievance-officer'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.publicApi('/grievance-officer'), {
          schema: z.object({ data: grievanceOfficerResponseSchema.shape.data }),
          signal,
        })
      ).data,
  });
}
