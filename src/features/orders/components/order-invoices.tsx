import { useQuery } from '@tanstack/react-query';
import type { Order } from '@/contract/orders';
import { InvoiceDocuments } from '@/components/invoice-documents';
import { orderInvoicePath, orderInvoicesQueryOptions } from '../api/order-invoices';

/** The order's tax invoice (issued when it ships) and credit notes, to download; nothing before it ships. */
export function OrderInvoices({ order }: { order: Pick<Order, 'id' | 'status' | 'tracking'> }) {
  // An order that never shipped has none: it is not asked for.
  const query = useQuery({ ...orderInvoicesQueryOptions(order.id), enabled: order.tracking !== null });
  return (
    <InvoiceDocuments documents={query.data ?? []} pathOf={(document) => orderInvoicePath(order.id, document.id)} />
  );
}
