import { z } from 'zod/mini';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type OrderTransition,
  staffOrderListResponseSchema,
  staffOrderResponseSchema,
  type StaffOrder,
} from '@/contract/admin';
import type { OrderStatus } from '@/contract/order-statuses';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { saveFile } from '@/lib/save-file';

export interface StaffOrderFilters {
  page: number;
  status?: OrderStatus;
  search?: string;
  /** The first and last days in India the orders were placed on (`2026-12-31`). */
  from?: string;
  to?: string;
}

export const STAFF_ORDERS_PER_PAGE = 20;

export function staffOrdersQuery(filters: StaffOrderFilters) {
  return queryOptions({
    queryKey: adminKeys.list('orders', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/orders${listQuery({ ...filters, per_page: STAFF_ORDERS_PER_PAGE })}`, {
        schema: staffOrderListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The orders these filters find, every page, as a CSV file the browser saves. */
export async function downloadStaffOrdersCsv({ page: _page, ...filters }: StaffOrderFilters): Promise<void> {
  const csv = await adminRequest(`/orders.csv${listQuery(filters)}`, { text: true, schema: z.string() });
  const days = [filters.from, filters.to].filter(Boolean).join('-to-');
  saveFile(csv, `cineverse-orders${days ? `-${days}` : ''}.csv`, 'text/csv;charset=utf-8');
}

export function staffOrderQuery(orderId: number) {
  return queryOptions({
    queryKey: adminKeys.item('orders', orderId),
    queryFn: ({ signal }) => adminRequest(`/orders/${orderId}`, { schema: staffOrderResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** Moves an order on (confirm, ship, deliver, cancel); the key is made once per press, so a retry never repeats it. */
export function useTransitionOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: OrderTransition; key: string }): Promise<StaffOrder> => {
      const answer = await adminRequest(`/orders/${orderId}/transition`, {
        method: 'POST',
        body: input,
        idempotencyKey: key,
        schema: staffOrderResponseSchema,
      });
      return answer.data;
    },
    onSuccess: (order) => {
      queryClient.setQueryData(adminKeys.item('orders', orderId), { data: order });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('orders'), exact: false });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('dashboard') });
    },
  });
}
