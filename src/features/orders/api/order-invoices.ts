import { queryOptions } from '@tanstack/react-query';
import { invoiceListResponseSchema } from '@/contract/gst';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

/** The tax invoice and credit notes of one of the user's orders; asked again while a PDF is being made. */
export function orderInvoicesQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...accountKeys.order(orderId), 'invoices'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi(`/orders/${orderId}/invoices`), {
          auth: true,
          schema: invoiceListResponseSchema,
          signal,
        })
      ).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((document) => !document.ready) ? 3_000 : false),
  });
}

/** The API path of a document's PDF for its buyer. */
export const orderInvoicePath = (orderId: number, invoiceId: number) =>
  apiPaths.userApi(`/orders/${orderId}/invoices/${invoiceId}/pdf`);
