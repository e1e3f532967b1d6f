import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { orderStatuses } from '@/contract/orders';
import { OrdersPage } from '@/features/orders/components/orders-page';

const ordersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  status: z.enum(orderStatuses).optional().catch(undefined),
});

function OrdersRoute() {
  const { page, status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersPage page={page ?? 1} status={status} onChange={(next) => void navigate({ search: next })} />;
}

export const Route = createFileRoute('/_account/orders/')({
  validateSearch: (search) => ordersSearchSchema.parse(search),
  component: OrdersRoute,
});
