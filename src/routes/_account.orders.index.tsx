import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { orderStatuses } from '@/contract/order-statuses';
import { OrdersPage } from '@/features/orders/components/orders-page';
import { lenient, pageNumber } from '@/lib/search-params';

const ordersSearchSchema = z.object({
  page: lenient(pageNumber),
  status: lenient(z.enum(orderStatuses)),
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
