import { Card } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { InvoiceDocuments } from '@/components/invoice-documents';
import { staffInvoicePath, staffOrderInvoicesQuery } from '../api/invoices';

/** The order's tax invoice and credit notes, to download: nothing while it has none. */
export function StaffOrderInvoices({ orderId }: { orderId: number }) {
  const query = useQuery(staffOrderInvoicesQuery(orderId));
  if (!query.data?.length) return null;
  return (
    <Card withBorder padding="md">
      <InvoiceDocuments documents={query.data} pathOf={(document) => staffInvoicePath(orderId, document.id)} />
    </Card>
  );
}
