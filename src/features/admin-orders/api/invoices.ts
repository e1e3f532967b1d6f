import { z } from 'zod/mini';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceListResponseSchema, type ShopLegalInput, shopLegalResponseSchema } from '@/contract/gst';
import { ADMIN_API_PATH } from '@/contract/admin';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { saveFile } from '@/lib/save-file';

/** An order's tax invoice and credit notes, for staff; asked again while a PDF is being made. */
export function staffOrderInvoicesQuery(orderId: number) {
  return queryOptions({
    queryKey: [...adminKeys.item('orders', orderId), 'invoices'],
    queryFn: async ({ signal }) =>
      (await adminRequest(`/orders/${orderId}/invoices`, { schema: invoiceListResponseSchema, signal })).data,
    refetchInterval: (query) => (query.state.data?.some((document) => !document.ready) ? 3_000 : false),
  });
}

/** The back office's path of a document's PDF. */
export const staffInvoicePath = (orderId: number, invoiceId: number) =>
  `${ADMIN_API_PATH}/orders/${orderId}/invoices/${invoiceId}/pdf`;

/** The register of invoices and credit notes issued between these days (in India), as a CSV file the browser saves. */
export async function downloadInvoiceRegister(days: { from?: string | undefined; to?: string | undefined }) {
  const csv = await adminRequest(`/invoices.csv${listQuery(days)}`, { text: true, schema: z.string() });
  const range = [days.from, days.to].filter(Boolean).join('-to-');
  saveFile(csv, `cineverse-invoices${range ? `-${range}` : ''}.csv`, 'text/csv;charset=utf-8');
}

export const shopLegalQuery = queryOptions({
  queryKey: adminKeys.area('shop-legal'),
  queryFn: async ({ signal }) => (await adminRequest('/shop-legal', { schema: shopLegalResponseSchema, signal })).data,
});

/** Saves the shop's legal details; the key is made once per press, so a retry never repeats it. */
export function useSaveShopLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: ShopLegalInput; key: string }) =>
      (
        await adminRequest('/shop-legal', {
          method: 'PUT',
          body: input,
          idempotencyKey: key,
          schema: shopLegalResponseSchema,
        })
      ).data,
    onSuccess: (legal) => queryClient.setQueryData(shopLegalQuery.queryKey, legal),
  });
}
